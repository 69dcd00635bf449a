package shared

import (
	"reflect"
	"strings"
)

// Flag reads a boolean features field by its JSON name ("spin_to_win"), as
// the page table names the flags that turn a page on or gate it
// (route.Page.Feature, Gate); false for a name that is no boolean field.
func (f Features) Flag(name string) bool {
	v := reflect.ValueOf(f)
	t := v.Type()
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if tag == name && t.Field(i).Type.Kind() == reflect.Bool {
			return v.Field(i).Bool()
		}
	}
	return false
}
