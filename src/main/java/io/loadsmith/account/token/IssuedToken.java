package io.loadsmith.account.token;

/** A newly created token with its secret: the only time the secret is ever shown. */
public record IssuedToken(TokenView token, String secret) {
}
