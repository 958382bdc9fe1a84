package serve

import "testing"

// TestHostAllowed: a Host header is this machine's name (any case) or
// its .local name, nothing else (DNS rebinding).
func TestHostAllowed(t *testing.T) {
	if !hostAllowed("MyBox.local", "mybox") || hostAllowed("mybox.evil.example", "mybox") || hostAllowed("", "mybox") {
		t.Error("hostAllowed: the machine's name and .local only")
	}
}
