package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/shared"
)

// export writes one dealership's data as JSON lines into a new folder:
// cars.jsonl (every stored car, sold ones included), leads.jsonl (the
// shoppers' enquiries: personal data, for the dealer only), contacts.jsonl
// (the user-contact records those enquiries kept, spec 001 §5) and
// reservations.jsonl. Each line is the record as the API's types encode
// it; lead tokens' hashes are left out (exportedLead). The folder must not exist, so an export never mixes with an
// older one.
func export(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (required)")
	out := fs.String("out", "", "folder to create for the files (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dealership == "" || *out == "" || fs.NArg() > 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("export needs --dealership and --out")
	}
	if err := os.Mkdir(*out, 0o700); err != nil {
		return fmt.Errorf("export folder: %w", err)
	}
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return err
	}
	tables := dynamo.TablesFromEnv()
	cars, err := dynamo.NewCarStore(db, tables).FindCarsByDealership(ctx, *dealership)
	if err != nil {
		return err
	}
	leads, err := dynamo.NewLeadStore(db, tables).DealershipLeads(ctx, *dealership)
	if err != nil {
		return err
	}
	leadRows := make([]exportedLead, len(leads))
	for i, l := range leads {
		leadRows[i] = exportedLead{ID: l.ID, Site: l.Site, DealershipSlug: l.DealershipSlug, CreatedAt: l.CreatedAt,
			Lead: l.Lead, Car: l.Car}
	}
	contacts, err := dynamo.NewLeadStore(db, tables).DealershipContacts(ctx, *dealership)
	if err != nil {
		return err
	}
	reservations, err := dynamo.NewReservationStore(db, tables).ByDealership(ctx, *dealership)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		rows []any
	}{
		{"cars.jsonl", rowsOf(cars)},
		{"leads.jsonl", rowsOf(leadRows)},
		{"contacts.jsonl", rowsOf(contacts)},
		{"reservations.jsonl", rowsOf(reservations)},
	} {
		if err := writeLines(filepath.Join(*out, f.name), f.rows); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d\n", f.name, len(f.rows))
	}
	return nil
}

// exportedLead is a lead as exported: the lead as the web sent it (the
// API's field names) with where and when; the token's hash and the
// delivery bookkeeping are the platform's and stay out.
type exportedLead struct {
	ID             string      `json:"id"`
	Site           string      `json:"site"`
	DealershipSlug string      `json:"dealership_slug"`
	CreatedAt      time.Time   `json:"created_at"`
	Lead           shared.Lead `json:"lead"`
	Car            *shared.Car `json:"car,omitempty"`
}

func rowsOf[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// writeLines writes rows as JSON lines, readable by the owner only (leads
// are personal data).
func writeLines(file string, rows []any) (err error) {
	f, err := os.OpenFile(file, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("export %s: %w", file, cerr)
		}
	}()
	enc := json.NewEncoder(f)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("export %s: %w", file, err)
		}
	}
	return nil
}
