package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/guard"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the guard over HTTP: POST /v1/gate, /v1/check, /v1/guard; GET /healthz, /readyz, /metrics",
		Flags: append(guardFlags("no notes, warnings or logged errors on stderr (not even a failed write to --decision-log); the line saying where it listens is printed all the same"),
			&cli.StringFlag{Name: "listen", Aliases: []string{"addr"}, Value: "127.0.0.1:8090", Usage: "host:port to serve on; an address other machines can reach needs --public (and a token)"},
			&cli.BoolFlag{Name: "public", Usage: "allow --listen on an address other machines can reach (requests hold customer conversations)"},
			&cli.StringFlag{Name: "tenant", Usage: "the tenant of every request when no token is configured (a request naming another is refused)"},
			&cli.StringFlag{Name: "token-env", Usage: "environment variable holding a bearer token for --tenant (tokens for several tenants: --policy's tokens)"},
			&cli.Int64Flag{Name: "max-body", Value: guard.DefaultMaxBody, Usage: "largest request body in bytes (larger: 413)"},
			&cli.IntFlag{Name: "max-pending", Value: 10000, Usage: "decisions held while the caller regenerates (more: the answer falls back)"},
			&cli.DurationFlag{Name: "pending-ttl", Value: 10 * time.Minute, Usage: "how long a decision waits for its regenerated answer (then it is logged as expired)"},
			&cli.DurationFlag{Name: "http-timeout", Value: 30 * time.Second, Usage: "time to read a request and to write its response"},
		),
		Action: func(c *cli.Context) error {
			o, err := guardOptionsFrom(c)
			if err != nil {
				return err
			}
			if c.NArg() > 0 {
				return usageErr("serve takes no arguments (got %q): flags only", c.Args().First())
			}
			return runServe(c, &o)
		},
	}
}

func runServe(c *cli.Context, o *auditOptions) error {
	g, pf, closeLog, err := newGuard(c, o)
	if err != nil {
		return err
	}
	defer closeLog()
	tokens := pf.Tokens
	if name := c.String("token-env"); name != "" {
		tok := os.Getenv(name)
		if tok == "" {
			return usageErr("--token-env %s: the variable is empty or not set", name)
		}
		sum := sha256.Sum256([]byte(tok))
		tokens = append(tokens, guard.Token{Tenant: c.String("tenant"), SHA256: hex.EncodeToString(sum[:])})
	}
	if c.String("tenant") != "" && len(tokens) == 0 && !g.HasPolicy(c.String("tenant")) && len(pf.Tenants) > 0 {
		return usageErr("--tenant %q has no policy in --policy", c.String("tenant"))
	}
	l, err := listen(c.String("listen"), c.Bool("public"), len(tokens) > 0)
	if err != nil {
		return err
	}
	logger := newLogger(c.App.ErrWriter, c.Bool("quiet"))
	srv, err := guard.NewServer(g, guard.ServerConfig{Tokens: tokens, Tenant: c.String("tenant"), MaxBody: c.Int64("max-body"),
		MaxPending: c.Int("max-pending"), PendingTTL: c.Duration("pending-ttl"), Logger: logger})
	if err != nil {
		l.Close()
		return usageErr("%v", err)
	}
	timeout := c.Duration("http-timeout")
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: min(5*time.Second, timeout), ReadTimeout: timeout,
		WriteTimeout: timeout, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	fmt.Fprintf(c.App.ErrWriter, "ragaudit serve: listening on http://%s (model %s; %d tenant policies; %s)\n",
		l.Addr(), g.ModelHash(), len(pf.Tenants), authNote(len(tokens), c.String("tenant")))
	return serveUntilDone(c.Context, hs, l, srv)
}

// serveUntilDone serves until ctx ends (SIGTERM, Ctrl-C), then stops
// taking requests, lets those under way finish (at most 10 s), and logs
// the decisions still waiting for a regeneration as expired.
func serveUntilDone(ctx context.Context, hs *http.Server, l net.Listener, srv *guard.Server) error {
	sweepCtx, stopSweep := context.WithCancel(context.Background())
	defer stopSweep()
	go srv.Run(sweepCtx)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	srv.SetReady(false)
	grace, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := hs.Shutdown(grace)
	srv.Close()
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// listen listens on addr, which must be on this machine unless public;
// a public address also needs a token.
func listen(addr string, public, tokens bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, usageErr("--listen %s: %v", addr, err)
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	local := host == "localhost" || ip != nil && ip.IsLoopback()
	switch {
	case !local && !public:
		return nil, usageErr("--listen %s is not on this machine only: requests hold customer conversations; add --public to serve there anyway", addr)
	case !local && !tokens:
		return nil, usageErr("--listen %s --public without a token would let any machine use the service: give --token-env or tokens in --policy", addr)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, usageErr("--listen: %v", err)
	}
	return l, nil
}

func authNote(tokens int, tenant string) string {
	if tokens > 0 {
		return fmt.Sprintf("%d bearer token(s)", tokens)
	}
	if tenant == "" {
		return "no token; requests act for the default policy"
	}
	return fmt.Sprintf("no token; requests act for tenant %q", tenant)
}
