// Package genfile writes generated files (web/src/lib/types.ts,
// infra/tenant.schema.json) the way their generators share: only when the
// content changed.
package genfile

import (
	"bytes"
	"fmt"
	"os"
)

// WriteIfChanged writes b to path unless path already holds exactly b, so
// an unchanged file keeps its modification time (and tools watching it see
// no change).
func WriteIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
