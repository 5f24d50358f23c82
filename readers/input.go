package readers

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
)

// input is one input, opened once and read once from its first byte to its
// last: a regular file (which Parquet may also read at random), standard
// input, or anything else a path names (a pipe from <(…), a FIFO, a
// device), which is read as standard input is. Every byte read goes
// through the SHA-256 of FileStats.
type input struct {
	name    string
	file    *os.File  // nil for standard input
	regular bool      // a regular file: Parquet can read it at random
	remote  io.Closer // an object of Options.Remote: Parquet is staged
	etag    string
	raw     *bufio.Reader
	counted *countingReader
	content hash.Hash // of a gzip input, its bytes decompressed as read (decodeText); nil otherwise
	stop    func()    // ends the reading goroutine of a stream
}

// openInput opens path once. A path that is not a regular file is opened
// on a goroutine of its own, so that a FIFO nobody writes to does not hold
// the caller past the cancellation of opts.Context.
func openInput(path string, opts *Options) (*input, error) {
	ctx := opts.context()
	in := &input{name: path, stop: func() {}}
	var r io.Reader
	switch {
	case path == Stdin:
		r = opts.Stdin
		if r == nil {
			r = os.Stdin
		}
	case opts.Remote != nil && opts.Remote.IsRemote(path):
		rc, etag, err := opts.Remote.Open(ctx, path)
		if err != nil {
			return nil, err
		}
		in.remote, in.etag, r = rc, etag, rc
	default:
		f, err := openFile(ctx, path)
		if err != nil {
			return nil, err
		}
		fi, err := f.Stat()
		if err == nil && fi.IsDir() {
			err = fmt.Errorf("%s is a directory", path)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		in.file, in.regular, r = f, fi.Mode().IsRegular(), f
	}
	switch {
	case !in.regular && ctx.Done() != nil:
		r, in.stop = cancelable(ctx, r)
	case ctx.Done() != nil:
		r = &ctxCheck{ctx: ctx, r: r}
	}
	in.counted = &countingReader{r: r, h: sha256.New(), progress: opts.Progress}
	in.raw = bufio.NewReaderSize(in.counted, 64<<10)
	return in, nil
}

// close hashes what is left of the input, so that the digest covers all
// of it even when reading stopped early, and fills in stats.
func (in *input) close(stats *FileStats) {
	_, _ = io.Copy(io.Discard, in.raw)
	stats.SHA256 = hex.EncodeToString(in.counted.h.Sum(nil))
	stats.ContentSHA256 = ""
	if in.content != nil {
		stats.ContentSHA256 = hex.EncodeToString(in.content.Sum(nil))
	}
	stats.Bytes = in.counted.n
	stats.ETag = in.etag
	if in.file != nil {
		in.file.Close() // first: a read blocked on it returns
	}
	if in.remote != nil {
		in.remote.Close()
	}
	in.stop()
}

// openFile opens path, giving up when ctx is done: opening a FIFO blocks
// until someone opens it for writing.
func openFile(ctx context.Context, path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil || fi.Mode().IsRegular() || ctx.Done() == nil {
		return os.Open(path)
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		unblockOpen(path)
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, fmt.Errorf("%s: opening stopped: %w", path, ctx.Err())
	}
}

// ctxCheck stops reading a regular file (whose reads never block for long)
// once ctx is done.
type ctxCheck struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxCheck) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// cancelable reads r on a goroutine of its own, so that a read blocked on
// a pipe, a FIFO or a terminal returns ctx's error when ctx is done. stop
// ends the goroutine once its read returns.
func cancelable(ctx context.Context, r io.Reader) (io.Reader, func()) {
	ch := make(chan pumpedChunk, 1)
	done := make(chan struct{})
	go func() {
		defer close(ch)
		for {
			b := make([]byte, 64<<10)
			n, err := r.Read(b)
			select {
			case ch <- pumpedChunk{b[:n], err}:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return &pumped{ctx: ctx, ch: ch}, func() { close(done) }
}

type pumpedChunk struct {
	b   []byte
	err error
}

type pumped struct {
	ctx context.Context
	ch  <-chan pumpedChunk
	buf []byte
	err error
}

func (p *pumped) Read(b []byte) (int, error) {
	for len(p.buf) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		select {
		case c, ok := <-p.ch:
			if !ok {
				c.err = io.EOF // stopped
			}
			p.buf, p.err = c.b, c.err
		case <-p.ctx.Done():
			return 0, p.ctx.Err()
		}
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	return n, nil
}

// countingReader counts and hashes the bytes read through it.
type countingReader struct {
	r        io.Reader
	h        hash.Hash
	n        int64
	progress func(bytes int) // told of every read (a progress bar); nil: none
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.h.Write(p[:n])
	if c.progress != nil && n > 0 {
		c.progress(n)
	}
	return n, err
}
