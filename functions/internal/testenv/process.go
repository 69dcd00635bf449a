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
// until url answers below 500, the process exits or startTimeout passes.
// The returned stop kills the process and removes dir (when not "").
func startProcess(name string, cmd *exec.Cmd, url, dir string) (stop func(), err error) {
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
			if resp.StatusCode < 500 {
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
