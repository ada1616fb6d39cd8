package output

import "sync"

// Memory is where a render writes when its files are kept in memory
// rather than written (scalesite check, tests): Add is the render's emit,
// safe for concurrent use, and Fill gives the Output the render returned,
// which lists its files without their bytes, the bytes Add was handed.
type Memory struct {
	mu   sync.Mutex
	made map[string][]byte
}

// Add keeps f's bytes. A file copied as it is (Src) has none to keep. A
// lent buffer (Release) is kept, never given back.
func (m *Memory) Add(f File) {
	if f.Src != "" {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.made == nil {
		m.made = map[string][]byte{}
	}
	m.made[f.Path] = f.Data
}

// Fill gives each file of out the bytes Add was last handed for its path;
// a file Add was not handed keeps no bytes.
func (m *Memory) Fill(out *Output) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, f := range out.Files {
		if b, ok := m.made[f.Path]; ok {
			out.Files[i].Data = b
		}
	}
}
