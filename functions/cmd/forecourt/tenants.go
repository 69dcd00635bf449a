package main

import (
	"fmt"
	"io"
	"os"

	"forecourt/functions/internal/tenantschema"
)

// tenantsCheck prints every problem of each tenant file, one a line as
// "FILE: PATH: REASON" (the JSON Schema's findings and Site.Validate's), or
// "FILE: ok"; it fails when any file has a problem (issue 35).
func tenantsCheck(files []string, stdout io.Writer) error {
	if len(files) == 0 {
		return fmt.Errorf("tenants check: a tenant FILE is required")
	}
	c, err := tenantschema.NewChecker()
	if err != nil {
		return fmt.Errorf("tenants check: %w", err)
	}
	bad := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", f, err)
			bad++
			continue
		}
		problems := c.Check(f, data)
		if len(problems) == 0 {
			fmt.Fprintf(stdout, "%s: ok\n", f)
			continue
		}
		bad++
		for _, p := range problems {
			fmt.Fprintf(stdout, "%s: %s\n", f, p)
		}
	}
	if bad > 0 {
		return fmt.Errorf("tenants check: %d of %d files have problems", bad, len(files))
	}
	return nil
}
