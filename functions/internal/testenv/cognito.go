package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
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
	cmd := exec.Command("node", bin)
	cmd.Dir = dir // cognito-local keeps its pools in .cognito under its working folder
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "HOST=127.0.0.1")
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", port)
	stop, err := startProcess("cognito-local", cmd, endpoint+"/health", healthy, dir)
	if err != nil {
		return "", nil, err
	}
	return endpoint, stop, nil
}
