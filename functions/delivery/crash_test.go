package delivery_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"forecourt/functions/delivery"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/mail"
)

// killingSender stands for a gateway killed mid-delivery: it cancels the
// deliverer's context (as the process dying ends every call in flight),
// before handing the message over or just after the provider accepted it.
type killingSender struct {
	kill      context.CancelFunc
	afterSend bool
	log       *sendLog
}

func (k killingSender) Send(ctx context.Context, m mail.Message) error {
	if k.afterSend {
		_ = k.log.Send(ctx, m)
	}
	k.kill()
	return ctx.Err()
}

// sendLog records every message a provider accepted, by Message-ID.
type sendLog struct {
	mu   sync.Mutex
	byID map[string]int
}

func (l *sendLog) Send(_ context.Context, m mail.Message) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byID == nil {
		l.byID = map[string]int{}
	}
	l.byID[m.MessageID]++
	return nil
}

func (l *sendLog) count(id string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.byID[delivery.MessageID(id)]
}

// Issue 9 "killing the gateway mid-delivery loses nothing"
// (docs/contracts.md "Lead delivery"): a lead whose deliverer died after
// claiming it and before sending, one whose deliverer died after the send
// and before recording it, and one stored while no deliverer ran are each
// delivered by the restarted poller once their claims expire: the first
// and third exactly once, the second at most once more, with the same
// Message-ID; every lead ends delivered and nothing is sent again after.
func TestKilledDeliveryLosesNothing(t *testing.T) {
	db, table := leadsTable(t)
	store := fdynamo.NewLeadDeliveryStore(db, table)
	e := env{db: db, table: table, store: store}
	accepted := &sendLog{}
	lead, car := enquiry()
	deliverer := func(s mail.Sender, now func() time.Time) *delivery.Deliverer {
		return &delivery.Deliverer{Store: store, Sites: sites{"demo": demoSite()}, Sender: s, Now: now,
			Backoff: func(int) time.Duration { return 0 }}
	}

	// Given a gateway killed while sending lead A, before the provider had it
	beforeSend := e.put(t, true, lead, car)
	ctxA, killA := context.WithCancel(context.Background())
	if _, err := deliverer(killingSender{kill: killA, log: accepted}, nil).Deliver(ctxA, beforeSend); err == nil {
		t.Fatal("the killed delivery of A reported success")
	}
	// And one killed after the provider accepted lead B, before recording it
	afterSend := e.put(t, true, lead, car)
	ctxB, killB := context.WithCancel(context.Background())
	if _, err := deliverer(killingSender{kill: killB, afterSend: true, log: accepted}, nil).Deliver(ctxB, afterSend); !errors.Is(err, context.Canceled) {
		t.Fatalf("the killed delivery of B = %v, want the kill's context.Canceled", err)
	}
	for _, id := range []string{beforeSend, afterSend} {
		if it := e.item(t, id); it.Status != delivery.StatusSending {
			t.Fatalf("lead %s after the kill: %q, want still claimed (sending)", id, it.Status)
		}
	}
	// And lead C stored while the gateway was down
	whileDown := e.put(t, true, lead, car)

	// When the poller restarts once the dead gateway's claims have expired
	// (its clock moved past them rather than the test sleeping two minutes)
	later := func() time.Time { return time.Now().Add(delivery.DefaultClaim + time.Second) }
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	streams, err := fdynamo.ConnectStreams(ctx, fdynamo.Config{Endpoint: testenv.DynamoEndpoint(t)})
	if err != nil {
		t.Fatal(err)
	}
	restarted := deliverer(accepted, later)
	done := make(chan error, 1)
	go func() { done <- delivery.Poll(ctx, streams, table, restarted) }()

	// Then every lead ends delivered
	ids := []string{beforeSend, afterSend, whileDown}
	deadline := time.Now().Add(60 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		all := true
		for _, id := range ids {
			if e.item(t, id).Status != delivery.StatusDelivered {
				all = false
			}
		}
		if all {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not all delivered within 60s: %+v %+v %+v", e.item(t, ids[0]), e.item(t, ids[1]), e.item(t, ids[2]))
		}
		<-tick.C
	}
	stop()
	<-done
	// And A and C were sent exactly once, B at most once more (its only
	// duplicate, under the same Message-ID)
	for id, want := range map[string]int{beforeSend: 1, afterSend: 2, whileDown: 1} {
		if got := accepted.count(id); got != want {
			t.Errorf("lead %s: %d sends, want %d", id, got, want)
		}
	}
	// And a redelivered record (another restart re-reading the stream)
	// sends nothing
	for _, id := range ids {
		if res, err := restarted.Deliver(context.Background(), id); err != nil || res != delivery.Skipped {
			t.Errorf("Deliver(%s) again = %q, %v; want skipped", id, res, err)
		}
	}
	if got := accepted.count(afterSend) + accepted.count(beforeSend) + accepted.count(whileDown); got != 4 {
		t.Errorf("%d sends in all after the redelivery, want 4", got)
	}
}
