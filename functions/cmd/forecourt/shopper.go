package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"forecourt/functions/dynamo"
)

// shopperDelete deletes a shopper's data on request (issue 15): with --sub
// (the user pool id of a signed-in shopper) their saved cars on every site,
// and their sub and phone on reservations, which stay as the dealership's
// record of a payment; with --phone or --email every lead and user-contact
// record giving that contact. It prints what it did, never the data. The
// user pool account itself is deleted with Cognito's own admin-delete-user
// (docs/operations.md), and copies already delivered to dealers are theirs
// to delete.
func shopperDelete(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("shopper delete", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sub := fs.String("sub", "", "the shopper's user pool sub")
	phone := fs.String("phone", "", "the phone number the shopper gave on forms")
	email := fs.String("email", "", "the e-mail address the shopper gave on forms")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || (*sub == "" && *phone == "" && *email == "") {
		fmt.Fprint(stderr, usage)
		return errors.New("shopper delete needs --sub, --phone or --email")
	}
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return err
	}
	tables := dynamo.TablesFromEnv()
	if *sub != "" {
		n, err := dynamo.NewWatchlistStore(db, tables).DeleteShopper(ctx, *sub)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d saved cars deleted\n", n)
		if n, err = dynamo.NewReservationStore(db, tables).ForgetShopper(ctx, *sub); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d reservations no longer name the shopper\n", n)
	}
	if *phone != "" || *email != "" {
		leads := dynamo.NewLeadStore(db, tables)
		ids, err := leads.DeleteContactLeads(ctx, *phone, *email)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d leads deleted\n", len(ids))
		for _, id := range ids {
			fmt.Fprintf(stdout, "  lead %s\n", id)
		}
		n, err := leads.DeleteContacts(ctx, *phone, *email)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d contact records deleted\n", n)
	}
	return nil
}
