// Command localsearch runs the Algolia-compatible search engine standalone:
//
//	go run ./functions/cmd/localsearch -addr 127.0.0.1:7700 -data DIR
//
// Keys come from ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY and ALGOLIA_SEARCH_KEY
// (defaults: the local values of docs/contracts.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"forecourt/functions/localsearch"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "localsearch:", err)
		os.Exit(1)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:7700", "listen address")
	data := flag.String("data", "", "directory for index snapshots (empty: in memory)")
	maxBody := flag.Int64("max-body", 0, "request body limit in bytes (0: default)")
	flag.Parse()

	engine, err := localsearch.New(localsearch.Config{
		AppID:     envOr("ALGOLIA_APP_ID", "FORECOURTLOCAL"),
		AdminKey:  envOr("ALGOLIA_ADMIN_KEY", "local-admin-key"),
		SearchKey: envOr("ALGOLIA_SEARCH_KEY", "local-search-key"),
		// The api's own searches' key (issue 35).
		SearchKeys:   []string{envOr("ALGOLIA_SERVER_SEARCH_KEY", "local-server-search-key")},
		DataDir:      *data,
		MaxBodyBytes: *maxBody,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		engine.Close()
		return fmt.Errorf("listen on %s (port busy? set -addr): %w", *addr, err)
	}
	// Read timeouts: a stalled client must not hold a connection (issue 15).
	srv := &http.Server{Handler: engine.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute,
		IdleTimeout: 2 * time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("localsearch listening", "addr", ln.Addr().String(), "data", *data)
	// Tests and scripts read this line to learn the port when -addr ends in :0.
	fmt.Printf("localsearch listening on http://%s\n", ln.Addr().String())

	select {
	case err = <-errc:
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err = srv.Shutdown(shutdownCtx)
	}
	if cerr := engine.Close(); cerr != nil {
		err = errors.Join(err, cerr)
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}
