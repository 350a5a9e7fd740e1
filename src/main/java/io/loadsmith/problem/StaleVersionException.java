package io.loadsmith.problem;

/** A PUT based on an older read than what is stored: someone else changed it in between. */
public class StaleVersionException extends ConflictException {

    private final long currentVersion;

    public StaleVersionException(String what, long givenVersion, long currentVersion) {
        super(what + " was changed by someone else: you sent version " + givenVersion
                + ", the stored one is version " + currentVersion + ". Reload it and apply your change again.");
        this.currentVersion = currentVersion;
    }

    public long currentVersion() {
        return currentVersion;
    }

    /**
     * Optimistic locking as the API sees it. JPA's {@code @Version} only guards against a change
     * between our read and our write; the client's read happened in an earlier request, so its
     * version has to be compared by hand.
     */
    public static void check(String what, Long givenVersion, long currentVersion) {
        if (givenVersion == null) {
            throw InvalidRequestException.of("version", null,
                    "is required for an update: send the version you read, so that a concurrent change is not overwritten");
        }
        if (givenVersion != currentVersion) {
            throw new StaleVersionException(what, givenVersion, currentVersion);
        }
    }
}
