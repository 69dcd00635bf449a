package delivery

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamtypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// image is what a stream record's new image says about delivery.
type image struct {
	id, kind, status, webhookStatus string
	ready                           bool
}

// wanted reports whether a record's new image asks for a delivery: an
// INSERT or MODIFY of a ready lead that is pending (or sending, whose
// claim may have expired: Deliver decides).
func (im image) wanted(event string) bool {
	if event != "INSERT" && event != "MODIFY" {
		return false
	}
	return im.id != "" && im.kind == KindLead && im.ready && (im.status == StatusPending || im.webhookStatus == StatusPending)
}

// lambdaMargin is the time HandleStream leaves itself before the Lambda's
// deadline to answer with the records it could not finish.
const lambdaMargin = 5 * time.Second

// HandleStream is the deliver Lambda's handler for the leads table's
// stream. It delivers each record's lead in order, waiting out retries'
// backoff and other deliverers' claims while the invocation has time (a
// record is finished only when its lead is delivered or failed), and reports the first record it
// could not finish as a batch item failure, so that Lambda retries from it
// (the event source sets ReportBatchItemFailures). Records of leads already
// delivered or claimed send nothing.
func (d *Deliverer) HandleStream(ctx context.Context, ev events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-lambdaMargin))
		defer cancel()
	}
	var resp events.DynamoDBEventResponse
	for _, r := range ev.Records {
		im := lambdaImage(r.Change.NewImage)
		if !im.wanted(r.EventName) {
			continue
		}
		if err := d.deliverPatiently(ctx, im.id); err != nil {
			slog.WarnContext(ctx, "lead delivery unfinished", "lead", im.id, "err", err)
			resp.BatchItemFailures = []events.DynamoDBBatchItemFailure{{ItemIdentifier: r.Change.SequenceNumber}}
			return resp, nil
		}
	}
	return resp, nil
}

func lambdaImage(m map[string]events.DynamoDBAttributeValue) image {
	var im image
	str := func(k string) string {
		if v, ok := m[k]; ok && v.DataType() == events.DataTypeString {
			return v.String()
		}
		return ""
	}
	im.id, im.kind, im.status, im.webhookStatus = str("id"), str("kind"), str("delivery_status"), str("webhook_status")
	if v, ok := m["ready"]; ok && v.DataType() == events.DataTypeBoolean {
		im.ready = v.Boolean()
	}
	return im
}

func streamImage(m map[string]streamtypes.AttributeValue) image {
	var im image
	str := func(k string) string {
		if v, ok := m[k].(*streamtypes.AttributeValueMemberS); ok {
			return v.Value
		}
		return ""
	}
	im.id, im.kind, im.status, im.webhookStatus = str("id"), str("kind"), str("delivery_status"), str("webhook_status")
	if v, ok := m["ready"].(*streamtypes.AttributeValueMemberBOOL); ok {
		im.ready = v.Value
	}
	return im
}

// StreamsAPI is the part of the DynamoDB Streams client Poll uses.
type StreamsAPI interface {
	ListStreams(context.Context, *dynamodbstreams.ListStreamsInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.ListStreamsOutput, error)
	DescribeStream(context.Context, *dynamodbstreams.DescribeStreamInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.DescribeStreamOutput, error)
	GetShardIterator(context.Context, *dynamodbstreams.GetShardIteratorInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.GetShardIteratorOutput, error)
	GetRecords(context.Context, *dynamodbstreams.GetRecordsInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.GetRecordsOutput, error)
}

// PollInterval is how often Poll reads the stream.
const PollInterval = 250 * time.Millisecond

// pollWorkers bounds the leads Poll delivers at once.
const pollWorkers = 8

// Poll is the local stand-in for the deliver Lambda: it reads the table's
// stream (DynamoDB Local's) every PollInterval and delivers each record's
// lead with Deliver, until ctx ends; it then waits for deliveries in
// flight and returns ctx's error. It reads every shard from its start
// (TRIM_HORIZON), so a lead stored while no poller ran, or whose delivery
// a killed gateway left unfinished, is delivered when the next one starts;
// delivered leads cost one read each and send nothing.
func Poll(ctx context.Context, streams StreamsAPI, table string, d *Deliverer) error {
	arn, err := streamARN(ctx, streams, table)
	if err != nil {
		return err
	}
	sem := make(chan struct{}, pollWorkers)
	done := make(chan struct{})
	var inflight int
	deliver := func(id string) {
		inflight++
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; done <- struct{}{} }()
			if err := d.deliverPatiently(ctx, id); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "lead delivery unfinished", "lead", id, "err", err)
			}
		}()
	}
	iterators := map[string]*string{} // shard id → next iterator; nil: read to its end
	tick := time.NewTicker(PollInterval)
	defer tick.Stop()
	for {
		if err := readStream(ctx, streams, arn, iterators, deliver); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "read leads stream", "err", err)
		}
		select {
		case <-ctx.Done():
			for ; inflight > 0; inflight-- {
				<-done
			}
			return ctx.Err()
		case <-tick.C:
		}
		for drained := true; drained && inflight > 0; {
			select {
			case <-done:
				inflight--
			default:
				drained = false
			}
		}
	}
}

// deliverPatiently delivers the lead and, when another deliverer holds it
// or its retry is not due, waits for that claim or backoff to end and tries
// again: the holder may be a poller that was killed, whose lead no new
// stream record would bring back.
func (d *Deliverer) deliverPatiently(ctx context.Context, id string) error {
	for {
		res, err := d.DeliverWithRetry(ctx, id)
		if err != nil || res != Busy {
			return err
		}
		it, err := d.Store.Get(ctx, id)
		if err != nil {
			return err
		}
		due, open := nextDue(it)
		if !open {
			return nil
		}
		t := time.NewTimer(max(time.Until(due), 0) + time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func streamARN(ctx context.Context, streams StreamsAPI, table string) (string, error) {
	out, err := streams.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: aws.String(table)})
	if err != nil {
		return "", fmt.Errorf("list streams of %s: %w", table, err)
	}
	// DynamoDB Local answers every table's streams whatever TableName says,
	// so keep the table's own; the last is the newest (a table re-created
	// keeps its old streams for a day).
	arn := ""
	for _, st := range out.Streams {
		if aws.ToString(st.TableName) == table {
			arn = aws.ToString(st.StreamArn)
		}
	}
	if arn == "" {
		return "", fmt.Errorf("table %s has no stream: create it with NEW_AND_OLD_IMAGES", table)
	}
	return arn, nil
}

// readStream finds shards it has not seen, then reads each open one once.
func readStream(ctx context.Context, streams StreamsAPI, arn string, iterators map[string]*string, deliver func(id string)) error {
	var start *string
	for {
		out, err := streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn, ExclusiveStartShardId: start})
		if err != nil {
			return fmt.Errorf("describe stream: %w", err)
		}
		for _, sh := range out.StreamDescription.Shards {
			id := aws.ToString(sh.ShardId)
			if _, seen := iterators[id]; seen {
				continue
			}
			it, err := streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{
				StreamArn: &arn, ShardId: sh.ShardId, ShardIteratorType: streamtypes.ShardIteratorTypeTrimHorizon,
			})
			if err != nil {
				return fmt.Errorf("shard iterator: %w", err)
			}
			iterators[id] = it.ShardIterator
		}
		start = out.StreamDescription.LastEvaluatedShardId
		if start == nil {
			break
		}
	}
	for shard, it := range iterators {
		if it == nil {
			continue
		}
		out, err := streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it})
		var expired *streamtypes.ExpiredIteratorException
		var trimmed *streamtypes.TrimmedDataAccessException
		if errors.As(err, &expired) || errors.As(err, &trimmed) {
			// Forget the shard: the next read starts it again from its
			// (current) start, and Deliver makes the records it re-reads
			// harmless.
			delete(iterators, shard)
			continue
		}
		if err != nil {
			return fmt.Errorf("get records: %w", err)
		}
		for _, r := range out.Records {
			if r.Dynamodb == nil {
				continue
			}
			if im := streamImage(r.Dynamodb.NewImage); im.wanted(string(r.EventName)) {
				deliver(im.id)
			}
		}
		iterators[shard] = out.NextShardIterator
	}
	return nil
}

// nextDue is when the lead's earliest unfinished channel may be tried again
// (its claim or backoff ends), and false when every channel is finished. A
// webhook never tried counts as finished here: Deliver tries it with the
// e-mail, and a lead without one never gets it.
func nextDue(it Item) (time.Time, bool) {
	var due time.Time
	open := false
	for _, ch := range []Channel{Email, Webhook} {
		st := it.State(ch)
		if st.Status != StatusPending && st.Status != StatusSending {
			continue
		}
		if !open || st.ClaimUntil.Before(due) {
			due = st.ClaimUntil
		}
		open = true
	}
	return due, open
}
