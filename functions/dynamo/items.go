package dynamo

// decodeAll turns the items a query, scan or batch read into domain values,
// in their order, and stops at the first item that does not decode: a
// store answers all of what it read or an error, never a part.
func decodeAll[I, T any](items []I, decode func(I) (T, error)) ([]T, error) {
	out := make([]T, 0, len(items))
	for _, it := range items {
		v, err := decode(it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
