package source

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RootMarker names the file that widens the include tree: a scenario may
// include (and name scripts) anywhere below the nearest directory, at or
// above its own, that holds a file of this name. Without one, a scenario
// reaches only its own directory tree (and builtin: files). The marker's
// content is ignored; an empty file is enough.
//
// This is how several scenarios share a directory of includes:
//
//	campaign/.sandtable-root
//	campaign/common/officers.toml
//	campaign/ch1/scenario.toml   include = ["../common/officers.toml"]
const RootMarker = ".sandtable-root"

// ReadError is a file that could not be read, with the diagnostic code that
// reports it (CodeIncludeRead, CodeIncludeOutside, CodeNotRegular or
// CodeTooLarge).
type ReadError struct {
	Code string
	Err  error
}

func (e *ReadError) Error() string { return e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// ErrorCode returns the code of a ReadError, or CodeIncludeRead for any
// other error.
func ErrorCode(err error) string {
	var re *ReadError
	if errors.As(err, &re) {
		return re.Code
	}
	return CodeIncludeRead
}

// root is the directory tree a scenario may read from, lexically (as the
// user named it, made absolute) and with symbolic links resolved.
type root struct {
	lexical, real string
}

// findRoot returns the confinement root for a scenario directory: the
// nearest directory at or above it holding RootMarker, else dir itself.
func findRoot(dir string) (root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return root{}, err
	}
	r := abs
	for d := abs; ; d = filepath.Dir(d) {
		if st, err := os.Lstat(filepath.Join(d, RootMarker)); err == nil && st.Mode().IsRegular() {
			r = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	real, err := filepath.EvalSymlinks(r)
	if err != nil {
		real = r // a missing directory: reads fail anyway
	}
	return root{lexical: r, real: real}, nil
}

// Within reports whether path lies in dir (dir itself included), comparing
// them lexically; both must be absolute or both relative to the same place.
func Within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// confine checks that name stays inside the root, lexically and after
// resolving symbolic links, and returns the resolved path.
func (r root) confine(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", &ReadError{CodeIncludeRead, err}
	}
	if !Within(r.lexical, abs) {
		return "", &ReadError{CodeIncludeOutside, fmt.Errorf("the path leaves %s, the directory tree the scenario may read (see %s in docs/getting-started.md)", r.lexical, RootMarker)}
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	if !Within(r.real, real) {
		return "", &ReadError{CodeIncludeOutside, fmt.Errorf("a symbolic link leads out of %s, the directory tree the scenario may read", r.lexical)}
	}
	return real, nil
}

// ReadRegular reads the regular file at path, refusing anything else
// (directories, FIFOs, devices, /proc files that report no size) and files
// larger than limit bytes. It never blocks on a FIFO: the type is checked
// before the file is opened.
func ReadRegular(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	if err := regular(st, limit); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	defer f.Close()
	// The file may have been replaced between Stat and Open.
	if st, err = f.Stat(); err != nil {
		return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	if err := regular(st, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	if int64(len(data)) > limit {
		return nil, &ReadError{CodeTooLarge, fmt.Errorf("it grew past the limit of %d bytes while being read", limit)}
	}
	return data, nil
}

func regular(st fs.FileInfo, limit int64) error {
	if !st.Mode().IsRegular() {
		return &ReadError{CodeNotRegular, fmt.Errorf("it is not a regular file (%s)", kind(st.Mode()))}
	}
	if st.Size() > limit {
		return &ReadError{CodeTooLarge, fmt.Errorf("it has %d bytes, more than the limit of %d", st.Size(), limit)}
	}
	return nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// DirFS serves the files below dir like os.DirFS, with the rules of
// includes: a path that leads out of dir through a symbolic link is refused,
// only directories and regular files open, and files larger than limit
// bytes are refused. Mod directories are read through it.
func DirFS(dir string, limit int64) (fs.FS, error) {
	r, err := findRootAt(dir)
	if err != nil {
		return nil, err
	}
	return dirFS{dir: dir, root: r, limit: limit}, nil
}

// findRootAt is the root exactly at dir (no RootMarker search).
func findRootAt(dir string) (root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return root{}, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return root{}, err
	}
	return root{lexical: abs, real: real}, nil
}

type dirFS struct {
	dir   string
	root  root
	limit int64
}

func (d dirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	real, err := d.root.confine(filepath.Join(d.dir, filepath.FromSlash(name)))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if err := regular(st, d.limit); err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	return os.Open(real)
}
