// Package dest writes a command's output to the file a flag names
// (--out, --plot), whole or not at all: a regular file through a
// temporary file renamed into place, a FIFO, device or hard-linked file
// only once the output is whole, a FIFO's reader waited for as long as
// the context lasts. Its failures are Error: the output could not be
// written, not bad input.
//
// dest imports only the standard library; it never prints or exits.
package dest
