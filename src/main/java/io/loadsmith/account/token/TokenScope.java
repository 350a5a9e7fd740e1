package io.loadsmith.account.token;

/** What a token may do: READ is a VIEWER's rights at most; WRITE is its owner's role. */
public enum TokenScope {
    READ,
    WRITE
}
