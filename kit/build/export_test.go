package build

import "reflect"

// Direct reports whether DecodeInto decodes into *ptr itself rather than
// through encoding/json.
func Direct(ptr any) bool { return direct(reflect.TypeOf(ptr).Elem()) }
