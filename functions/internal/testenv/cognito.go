package testenv

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var cognitoLocal struct {
	once     sync.Once
	endpoint string
	stop     func()
	err      error
}

// CognitoEndpoint returns FORECOURT_COGNITO_ENDPOINT when set (make test
// starts cognito-local); otherwise it starts cognito-local (npm
// cognito-local) on a free port with its own data folder, once per test
// binary, and Main stops it. Tests share it, so each makes its own pool.
func CognitoEndpoint(t testing.TB) string {
	t.Helper()
	if ep := os.Getenv("FORECOURT_COGNITO_ENDPOINT"); ep != "" {
		return strings.TrimSuffix(ep, "/")
	}
	cognitoLocal.once.Do(func() { cognitoLocal.endpoint, cognitoLocal.stop, cognitoLocal.err = startCognito() })
	if cognitoLocal.err != nil {
		t.Fatalf("cognito-local: %v", cognitoLocal.err)
	}
	return cognitoLocal.endpoint
}

func stopCognito() {
	if cognitoLocal.stop != nil {
		cognitoLocal.stop()
	}
}

func startCognito() (string, func(), error) {
	root, err := RepoRoot()
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(root, "node_modules", "cognito-local", "lib", "bin", "start.js")
	if _, err := os.Stat(bin); err != nil {
		return "", nil, fmt.Errorf("cognito-local not found at %s (run npm install)", bin)
	}
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "forecourt-cognito-")
	if err != nil {
		return "", nil, fmt.Errorf("cognito-local data folder: %w", err)
	}
	var out bytes.Buffer
	cmd := exec.Command("node", bin)
	cmd.Dir = dir // cognito-local keeps its pools in .cognito under its working folder
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "HOST=127.0.0.1")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		_ = os.RemoveAll(dir)
		return "", nil, fmt.Errorf("start node: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.After(30 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if resp, err := http.Get(endpoint + "/health"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return endpoint, func() {
					_ = cmd.Process.Kill()
					<-exited
					_ = os.RemoveAll(dir)
				}, nil
			}
		}
		select {
		case err := <-exited:
			_ = os.RemoveAll(dir)
			return "", nil, fmt.Errorf("cognito-local exited (%v): %s", err, out.String())
		case <-deadline:
			_ = cmd.Process.Kill()
			<-exited
			_ = os.RemoveAll(dir)
			return "", nil, fmt.Errorf("cognito-local did not answer on %s within 30s: %s", endpoint, out.String())
		case <-tick.C:
		}
	}
}
