package io.loadsmith.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A load generator's HTTP/1.1 client: one kept-alive connection, blocking reads, no thread of its
 * own, so that the 16 clients of benchmark 3 cost the 2 shared cores as little as wrk would.
 * java.net.http sends every exchange through its selector thread and a chain of futures; that
 * machinery ran on the same cores as the server it measured. Reads Content-Length and chunked
 * bodies, which is all Tomcat sends; not a general client.
 */
final class SocketClient implements AutoCloseable {

    private final int port;
    private final String host;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    SocketClient(int port) {
        this.port = port;
        host = "127.0.0.1:" + port;
    }

    private void connect() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        out = socket.getOutputStream();
    }

    /**
     * A GET with the header; returns the status, and the body when {@code body} is given. A
     * connection the server closes (Tomcat does after 100 requests) is opened again for the next
     * request, as any client does; that cost is the server's too.
     */
    int get(String path, String authorization, ByteArrayOutputStream body) throws IOException {
        if (socket == null) {
            connect();
        }
        out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: " + authorization
                + "\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String status = line();
        int code = Integer.parseInt(status.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean close = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(java.util.Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                close = true;
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(line().split(";")[0].trim(), 16); size > 0;
                 size = Long.parseLong(line().split(";")[0].trim(), 16)) {
                copy(size, body);
                line();
            }
            while (!line().isEmpty()) {
                // trailers
            }
        } else if (length >= 0) {
            copy(length, body);
        }
        if (close) {
            close();
        }
        return code;
    }

    private void copy(long n, ByteArrayOutputStream body) throws IOException {
        byte[] buffer = new byte[8192];
        while (n > 0) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, n));
            if (read < 0) {
                throw new IOException("the connection ended inside a body");
            }
            if (body != null) {
                body.write(buffer, 0, read);
            }
            n -= read;
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the connection ended inside a response");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
