package resolve

// Grid declares a histogram's cells as dimensions: an outcome and numeric
// results, each an integer 0..Size-1. Plans encode a trial's result with
// Cell and get the matching Layout, instead of hand-written index
// arithmetic.
type Grid struct {
	outcomes []string
	dims     []Dim
	cells    int
	// The cell is outcome*stride + the sum of vals[i]*strides[i]: the
	// products are independent, where Horner's rule would chain them.
	stride  int
	strides []int
}

// Dim is a numeric result whose value is 0..Size-1; a Count adds P(at
// least k) to summaries.
type Dim struct {
	Name  string
	Size  int
	Count bool
}

// NewGrid declares the cells: len(outcomes) times the size of each dim.
func NewGrid(outcomes []string, dims ...Dim) *Grid {
	g := &Grid{outcomes: outcomes, dims: dims, cells: len(outcomes)}
	for _, d := range dims {
		if d.Size < 1 {
			panic("resolve: a grid dimension needs a size of at least 1")
		}
		g.cells *= d.Size
	}
	g.strides = make([]int, len(dims))
	g.stride = 1
	for i := len(dims) - 1; i >= 0; i-- {
		g.strides[i] = g.stride
		g.stride *= dims[i].Size
	}
	return g
}

// Cell is the cell of an outcome and one value per dim, in order. Values
// must be within their sizes.
func (g *Grid) Cell(outcome int, vals ...int) int {
	c := outcome * g.stride
	for i, st := range g.strides {
		c += vals[i] * st
	}
	return c
}

// Layout describes the grid's cells.
func (g *Grid) Layout() *Layout {
	stats := make([]string, len(g.dims))
	var counts []string
	for i, d := range g.dims {
		stats[i] = d.Name
		if d.Count {
			counts = append(counts, d.Name)
		}
	}
	l := NewLayout(g.outcomes, stats, g.cells, func(c int, vals []float64) int {
		for i := len(g.dims) - 1; i >= 0; i-- {
			vals[i] = float64(c % g.dims[i].Size)
			c /= g.dims[i].Size
		}
		return c
	})
	l.Counts = counts
	return l
}
