package io.loadsmith.problem;

/** An API call without credentials, or with a token that does not (or no longer) work: 401. */
public class NotSignedInException extends RuntimeException {

    private final boolean invalidToken;

    public NotSignedInException(String message, boolean invalidToken) {
        super(message);
        this.invalidToken = invalidToken;
    }

    /** True when a bearer token was sent but refused (RFC 6750's error="invalid_token"). */
    public boolean invalidToken() {
        return invalidToken;
    }
}
