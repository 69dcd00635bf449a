package delivery

import "os"

// TableFromEnv names the leads table as docs/contracts.md "DynamoDB
// tables" does: LEADS_TABLE, else FORECOURT_TABLE_PREFIX (default
// "forecourt-local-") + "leads". It matches dynamo.TablesFromEnv's Leads.
func TableFromEnv() string {
	if t := os.Getenv("LEADS_TABLE"); t != "" {
		return t
	}
	prefix := os.Getenv("FORECOURT_TABLE_PREFIX")
	if prefix == "" {
		prefix = "forecourt-local-"
	}
	return prefix + "leads"
}
