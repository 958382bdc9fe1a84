package resolve

// Named is the system of systems with that name, or nil.
func Named(systems []*System, name string) *System {
	for _, s := range systems {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Names are the names of systems, in order.
func Names(systems []*System) []string {
	names := make([]string, len(systems))
	for i, s := range systems {
		names[i] = s.Name
	}
	return names
}
