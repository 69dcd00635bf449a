package testenv

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"time"
)

// startTimeout bounds how long a local service may take to answer: a JVM or
// node start on a loaded two-core machine can take well over ten seconds.
const startTimeout = 60 * time.Second

// startProcess starts cmd (its output kept for the error message) and waits
// until url answers with a status up accepts, the process exits or
// startTimeout passes. The returned stop kills the process and removes dir
// (when not "").
func startProcess(name string, cmd *exec.Cmd, url string, up func(status int) bool, dir string) (stop func(), err error) {
	cleanup := func() {
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		cleanup()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop = func() {
		_ = cmd.Process.Kill()
		<-exited
		cleanup()
	}
	deadline := time.After(startTimeout)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if up(resp.StatusCode) {
				return stop, nil
			}
		}
		select {
		case err := <-exited:
			cleanup()
			return nil, fmt.Errorf("%s exited (%v): %s", name, err, out.String())
		case <-deadline:
			stop()
			return nil, fmt.Errorf("%s did not answer on %s within %s: %s", name, url, startTimeout, out.String())
		case <-tick.C:
		}
	}
}

// healthy accepts only 200: a health endpoint that answers at all may still
// be starting.
func healthy(status int) bool { return status == http.StatusOK }

// answering accepts any status: DynamoDB Local has no health endpoint and
// answers a bare GET with 400 once it listens.
func answering(int) bool { return true }
