package dynamo

import "time"

// SetCarStoreClock sets the clock a test's car store stamps its writes with.
func SetCarStoreClock(s *CarStore, now func() time.Time) { s.now = now }
