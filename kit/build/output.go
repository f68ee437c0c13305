package build

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/source"
)

// JournalFile is the name of the journal WriteSet keeps in the output
// directory while it moves a run's files into place.
const JournalFile = ".mapc-build.journal"

// tempName matches the temporary files WriteSet creates for configs
// (".sample.json.tmp123456"); a killed run can leave them behind.
var tempName = regexp.MustCompile(`^\..+\.json\.tmp[0-9]+$`)

// crashAfter, when set by a test, stops WriteSet after that many renames
// as if the process had been killed there (no clean-up runs).
var crashAfter = -1

var errCrash = errors.New("simulated crash")

// WriteSet writes every file of one run (path → content) so that the run is
// atomic as a whole: each file is first written and synced to a temporary
// file beside its target; then a journal listing the moves is written
// atomically into dir (the commit point); then the temporary files are
// renamed into place and the journal removed.
//
// A run killed before the commit point leaves the previous files untouched
// (and temporary files that the next run removes); one killed after it is
// completed by Recover, which every run (and every reader of dir, see
// LoadConfig) calls first, so no reader sees a mix of old and new configs.
// Every target must lie inside dir.
func WriteSet(dir string, files map[string][]byte) error {
	if err := Recover(dir); err != nil {
		return err
	}
	type move struct{ tmp, target string }
	var moves []move
	fail := func(err error) error {
		for _, m := range moves {
			os.Remove(m.tmp)
		}
		return err
	}
	for _, target := range slices.Sorted(maps.Keys(files)) {
		if !source.Within(dir, target) {
			return fail(fmt.Errorf("%s is outside the output directory %s", target, dir))
		}
		tmp, err := writeTemp(target, files[target])
		if err != nil {
			return fail(err)
		}
		moves = append(moves, move{tmp, target})
	}
	var j bytes.Buffer
	for _, m := range moves {
		fmt.Fprintf(&j, "%s\t%s\n", strconv.Quote(rel(dir, m.tmp)), strconv.Quote(rel(dir, m.target)))
	}
	if err := WriteAtomic(filepath.Join(dir, JournalFile), j.Bytes()); err != nil {
		return fail(err)
	}
	for i, m := range moves {
		if i == crashAfter {
			return errCrash
		}
		if err := os.Rename(m.tmp, m.target); err != nil {
			// Move the rest into place (a set as complete as the disk
			// allows) and report the failure.
			Recover(dir)
			return err
		}
	}
	syncDirs(moves, func(m move) string { return filepath.Dir(m.target) })
	return os.Remove(filepath.Join(dir, JournalFile))
}

// Recover completes a run of WriteSet that was interrupted after its commit
// point and removes temporary files that interrupted runs left in dir and
// its subdirectories. A missing dir is not an error.
func Recover(dir string) error {
	var firstFail error
	journal := filepath.Join(dir, JournalFile)
	data, err := os.ReadFile(journal)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			qtmp, qtarget, _ := strings.Cut(sc.Text(), "\t") // Quote escapes tabs
			tmp, err1 := strconv.Unquote(qtmp)
			target, err2 := strconv.Unquote(qtarget)
			if err1 != nil || err2 != nil || !tempName.MatchString(filepath.Base(tmp)) {
				continue // not a line WriteSet wrote
			}
			tmp, target = filepath.Join(dir, tmp), filepath.Join(dir, target)
			if !source.Within(dir, tmp) || !source.Within(dir, target) {
				continue
			}
			if err := os.Rename(tmp, target); err != nil && !errors.Is(err, fs.ErrNotExist) {
				// Best effort: a target that cannot be replaced (now a
				// directory, say) must not block every later run.
				os.Remove(tmp)
				firstFail = cmp.Or(firstFail, err)
			}
		}
		if err := os.Remove(journal); err != nil {
			return err
		}
	}
	return cmp.Or(firstFail, removeTemps(dir))
}

// removeTemps deletes the temporary config files of interrupted runs in
// dir and its game subdirectories (where WriteSet's targets live; deeper
// directories and symbolic links are left alone).
func removeTemps(dir string) error {
	for _, pat := range []string{"*", filepath.Join("*", "*")} {
		matches, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return err
		}
		for _, p := range matches {
			if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() && tempName.MatchString(st.Name()) {
				if err := os.Remove(p); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// removeStaleTemps deletes what an interrupted WriteAtomic of path left.
func removeStaleTemps(path string) {
	base := filepath.Base(path)
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+base+".tmp*"))
	for _, p := range matches {
		if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() && strings.Trim(strings.TrimPrefix(filepath.Base(p), "."+base+".tmp"), "0123456789") == "" {
			os.Remove(p)
		}
	}
}

// writeTemp writes data to a synced temporary file beside path.
func writeTemp(path string, data []byte) (string, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := firstErr(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return "", err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// syncDirs syncs the directories of the moves, so the renames are durable.
func syncDirs[M any](moves []M, dirOf func(M) string) {
	seen := map[string]bool{}
	for _, m := range moves {
		d := dirOf(m)
		if seen[d] {
			continue
		}
		seen[d] = true
		if f, err := os.Open(d); err == nil {
			f.Sync()
			f.Close()
		}
	}
}

func rel(dir, path string) string {
	r, err := filepath.Rel(dir, path)
	if err != nil {
		return path
	}
	return r
}

// recoverFor finishes an interrupted WriteSet whose output holds the config
// at path (its journal is in the config's directory or the one above), so a
// reader never sees a mix of two runs' configs.
func recoverFor(path string) {
	for _, d := range []string{filepath.Dir(path), filepath.Dir(filepath.Dir(path))} {
		if st, err := os.Lstat(filepath.Join(d, JournalFile)); err == nil && st.Mode().IsRegular() {
			Recover(d)
			return
		}
	}
}
