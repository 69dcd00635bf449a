package api

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/aws-cdk-go/awscdk/v2/interfaces/interfacesawscloudwatch"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/contract"
)

// MetricNamespace holds the metrics the functions' JSON logs produce
// (metric filters), beside AWS's own.
const MetricNamespace = "Forecourt"

// Metrics from log lines (functions/logging writes them as JSON).
const (
	// MetricIndexFailed counts feed runs whose index sync failed
	// (status index_failed: DynamoDB is right, the index is behind until
	// the next run, sweep or `forecourt reindex`).
	MetricIndexFailed = "IndexFailed"
	// MetricLeadDeliveriesFailed counts leads given up on after their last
	// attempt ("lead delivery failed").
	MetricLeadDeliveriesFailed = "LeadDeliveriesFailed"
	// MetricRejectedRowsPercent is each finished feed run's share of
	// rejected rows (contract.MsgRunFinished's rejected_pct), 0 to 100.
	MetricRejectedRowsPercent = "RejectedRowsPercent"
)

// DefaultRejectedRowsPercent is the share of a feed run's rows that, when
// rejected, alarms (MonitorProps.RejectedRowsPercent).
const DefaultRejectedRowsPercent = 20

// Alarm thresholds (docs/operations.md says what to do about each).
const (
	// API5xxPercent is the share of API requests answered 5xx over five
	// minutes that alarms.
	API5xxPercent = 1
	// IteratorAgeMillis is how far behind the leads stream the deliver
	// function may fall before it alarms: leads older than this are late.
	IteratorAgeMillis = 5 * 60 * 1000
)

// Monitoring is the platform's alarms and dashboard (issue 15).
type Monitoring struct {
	Topic     awssns.ITopic
	Alarms    []awscloudwatch.Alarm
	Dashboard awscloudwatch.Dashboard
}

// MonitorProps configure the alarms.
type MonitorProps struct {
	// TopicARN is the SNS topic the alarms notify; empty: a topic of the
	// stack's own.
	TopicARN string
	// RejectedRowsPercent alarms on a feed run that rejects this share of
	// its rows or more; 0 means DefaultRejectedRowsPercent.
	RejectedRowsPercent int
}

// Monitor adds to the API's functions, HTTP API and dead-letter queue the
// alarms an on-call engineer needs, each notifying topic (or, when
// topicARN is empty, a topic of its own the stack creates), a metric per
// failed index sync and failed lead delivery from the JSON logs, and one
// dashboard. It also turns on the HTTP API's access log.
func (a *API) Monitor(p MonitorProps) *Monitoring {
	c := constructs.NewConstruct(a.Construct, jsii.String("Monitoring"))
	m := &Monitoring{}
	if p.TopicARN != "" {
		m.Topic = awssns.Topic_FromTopicArn(c, jsii.String("AlarmTopic"), jsii.String(p.TopicARN))
	} else {
		m.Topic = awssns.NewTopic(c, jsii.String("AlarmTopic"), &awssns.TopicProps{
			DisplayName: jsii.String("Forecourt alarms"),
			// Publishers must use TLS (cdk-nag SNS3).
			EnforceSSL: jsii.Bool(true),
		})
	}
	action := awscloudwatchactions.NewSnsAction(m.Topic)
	fiveMin := awscdk.Duration_Minutes(jsii.Number(5))
	alarm := func(id, what string, metric awscloudwatch.IMetric, threshold float64) awscloudwatch.Alarm {
		al := awscloudwatch.NewAlarm(c, jsii.String(id), &awscloudwatch.AlarmProps{
			AlarmDescription:   jsii.String(what + " (docs/operations.md)"),
			Metric:             metric,
			Threshold:          jsii.Number(threshold),
			EvaluationPeriods:  jsii.Number(1),
			ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
			TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
		})
		al.AddAlarmAction(action)
		al.AddOkAction(action)
		m.Alarms = append(m.Alarms, al)
		return al
	}
	sum := &awscloudwatch.MetricOptions{Period: fiveMin, Statistic: jsii.String("Sum")}
	var errs, throttles []awscloudwatch.IMetric
	for _, name := range Names() {
		fn := a.Fns[name]
		e, th := fn.MetricErrors(sum), fn.MetricThrottles(sum)
		alarm("Fn"+name+"Errors", "the "+name+" function failed", e, 1)
		alarm("Fn"+name+"Throttles", "the "+name+" function was throttled (reserved concurrency reached)", th, 1)
		errs, throttles = append(errs, e), append(throttles, th)
	}

	// API 5xx as a share of requests, so a quiet hour's single 500 among
	// three requests and a busy hour's flood are judged alike.
	fiveXX := awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("IF(requests > 0, 100 * errors / requests, 0)"),
		UsingMetrics: &map[string]awscloudwatch.IMetric{
			"errors":   a.HTTPAPI.MetricServerError(sum),
			"requests": a.HTTPAPI.MetricCount(sum),
		},
		Label:  jsii.String("API 5xx %"),
		Period: fiveMin,
	})
	alarm("Api5xx", fmt.Sprintf("%d%% or more of API requests answered 5xx", API5xxPercent), fiveXX, API5xxPercent)

	deliver := a.Fns["deliver"]
	age := deliver.Metric(jsii.String("IteratorAge"), &awscloudwatch.MetricOptions{Period: fiveMin, Statistic: jsii.String("Maximum")})
	alarm("LeadsStreamIteratorAge", "lead delivery is more than 5 minutes behind the leads stream", age, IteratorAgeMillis)
	var dlqDepth awscloudwatch.IMetric
	if q, ok := a.Construct.Node().TryFindChild(jsii.String("DeliverDeadLetters")).(awssqs.Queue); ok {
		dlqDepth = q.MetricApproximateNumberOfMessagesVisible(&awscloudwatch.MetricOptions{Period: fiveMin, Statistic: jsii.String("Maximum")})
		alarm("DeliverDeadLetters", "stream records of leads are parked on the dead-letter queue", dlqDepth, 1)
	}

	fromLogs := func(id string, group awslogs.ILogGroup, pattern awslogs.IFilterPattern, metric string) awscloudwatch.Metric {
		f := awslogs.NewMetricFilter(c, jsii.String(id), &awslogs.MetricFilterProps{
			LogGroup: group, FilterPattern: pattern,
			MetricNamespace: jsii.String(MetricNamespace), MetricName: jsii.String(metric), MetricValue: jsii.String("1"),
		})
		return f.Metric(sum)
	}
	failed := fromLogs("LeadDeliveriesFailedFilter", deliver.LogGroup(),
		awslogs.FilterPattern_StringValue(jsii.String("$.msg"), jsii.String("="), jsii.String(contract.MsgDeliveryFailed)),
		MetricLeadDeliveriesFailed)
	alarm("LeadDeliveriesFailed", "a lead was given up on after its last delivery attempt", failed, 1)
	// Both functions that apply feeds end runs index_failed (an upload runs
	// the ingest binary). The message as well as the status: an upload's
	// "upload applied" line repeats the run's status and must not count twice.
	var indexFailed awscloudwatch.Metric
	for _, name := range []string{"ingest", "uploads"} {
		fn, ok := a.Fns[name]
		if !ok {
			continue
		}
		indexFailed = fromLogs("IndexFailedFilter"+name, fn.LogGroup(), awslogs.FilterPattern_All(
			awslogs.FilterPattern_StringValue(jsii.String("$.status"), jsii.String("="), jsii.String(contract.StatusIndexFailed)),
			awslogs.FilterPattern_StringValue(jsii.String("$.msg"), jsii.String("="), jsii.String(contract.MsgIndexSyncFailed))),
			MetricIndexFailed) // one metric: both filters write it
	}
	alarm("IndexFailed", "a feed run wrote DynamoDB but not the search index", indexFailed, 1)

	// Feed runs rejecting a large share of their rows: the provider's
	// export changed or broke, and those cars are missing from the sites.
	// Both functions that apply feeds log the run's end (an upload runs the
	// ingest binary).
	rejectedLimit := p.RejectedRowsPercent
	if rejectedLimit == 0 {
		rejectedLimit = DefaultRejectedRowsPercent
	}
	worst := &awscloudwatch.MetricOptions{Period: fiveMin, Statistic: jsii.String("Maximum")}
	var rejected awscloudwatch.Metric
	for _, name := range []string{"ingest", "uploads"} {
		fn, ok := a.Fns[name]
		if !ok {
			continue
		}
		f := awslogs.NewMetricFilter(c, jsii.String("RejectedRowsFilter"+name), &awslogs.MetricFilterProps{
			LogGroup:        fn.LogGroup(),
			FilterPattern:   awslogs.FilterPattern_StringValue(jsii.String("$.msg"), jsii.String("="), jsii.String(contract.MsgRunFinished)),
			MetricNamespace: jsii.String(MetricNamespace), MetricName: jsii.String(MetricRejectedRowsPercent),
			MetricValue: jsii.String("$.rejected_pct"),
		})
		rejected = f.Metric(worst) // one metric: both filters write it
	}
	alarm("FeedRowsRejected", fmt.Sprintf("a feed run rejected %d%% or more of its rows", rejectedLimit), rejected, float64(rejectedLimit))

	graph := func(title string, metrics ...awscloudwatch.IMetric) awscloudwatch.IWidget {
		return awscloudwatch.NewGraphWidget(&awscloudwatch.GraphWidgetProps{Title: jsii.String(title), Left: &metrics, Width: jsii.Number(8)})
	}
	alarms := make([]interfacesawscloudwatch.IAlarmRef, len(m.Alarms))
	for i, al := range m.Alarms {
		alarms[i] = al
	}
	leadMetrics := []awscloudwatch.IMetric{failed}
	if dlqDepth != nil {
		leadMetrics = append(leadMetrics, dlqDepth)
	}
	m.Dashboard = awscloudwatch.NewDashboard(c, jsii.String("Dashboard"), &awscloudwatch.DashboardProps{
		Widgets: &[]*[]awscloudwatch.IWidget{
			{awscloudwatch.NewAlarmStatusWidget(&awscloudwatch.AlarmStatusWidgetProps{Title: jsii.String("Alarms"), Alarms: &alarms, Width: jsii.Number(24)})},
			{graph("API requests and 5xx", a.HTTPAPI.MetricCount(sum), a.HTTPAPI.MetricServerError(sum)), graph("API 5xx %", fiveXX),
				graph("Function errors", errs...)},
			{graph("Function throttles", throttles...), graph("Leads: failed deliveries, dead letters", leadMetrics...),
				graph("Leads stream iterator age (ms)", age)},
			{graph("Feed runs with index_failed", indexFailed), graph("Feed runs: worst share of rejected rows (%)", rejected)},
		},
	})
	a.accessLog(c)
	return m
}

// accessLog writes one JSON line per API request to a log group: the
// request id (which the functions' lines carry too), route, status,
// latency and the integration's error. Client addresses and user agents
// are left out (no personal data); CloudFront sees them first.
func (a *API) accessLog(c constructs.Construct) {
	group := awslogs.NewLogGroup(c, jsii.String("AccessLogs"), &awslogs.LogGroupProps{
		Retention:     awslogs.RetentionDays_THREE_MONTHS,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	stage, ok := a.HTTPAPI.DefaultStage().Node().DefaultChild().(awsapigatewayv2.CfnStage)
	if !ok {
		panic("api: the HTTP API's default stage is not a CfnStage")
	}
	stage.AddPropertyOverride(jsii.String("AccessLogSettings"), map[string]any{
		"DestinationArn": group.LogGroupArn(),
		"Format": `{"request_id":"$context.requestId","route":"$context.routeKey","status":"$context.status",` +
			`"latency_ms":"$context.responseLatency","integration_error":"$context.integrationErrorMessage","time":"$context.requestTime"}`,
	})
}
