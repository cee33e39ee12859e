package dev.loadlab.bench.overload;

import java.io.IOException;
import java.nio.channels.SelectionKey;

/** One client connection driven by a {@link LoadLoop}: it is told when it connected, may read, may write, or failed. */
abstract class Peer {
    SelectionKey key;

    abstract void connected() throws IOException;

    abstract void readable() throws IOException;

    abstract void writable() throws IOException;

    /** The connection failed (connect refused, reset, broken pipe); the peer records what it got. */
    abstract void failed(IOException e);

    /** The load is over: a peer that held back (never read) may now take what came, before {@link #end}. */
    void settle() {}

    /** The load stops: record what this client got so far (a client with no answer yet records why). */
    abstract void end();

    void interest(int ops) {
        if (key.isValid()) {
            key.interestOps(ops);
        }
    }
}
