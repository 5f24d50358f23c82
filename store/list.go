package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gocloud.dev/blob"
)

// List expands a name into the files or objects it stands for, sorted
// bytewise by name: an object or file itself; else every object whose key
// starts with the prefix (s3://bucket/logs/2026/11/), or every file under
// a directory (names starting with "." left out: temporaries, hidden
// files). A prefix or directory holding nothing is an error.
func (s *Store) List(ctx context.Context, name string) ([]Info, error) {
	var out []Info
	var err error
	if IsURL(name) {
		out, err = s.listObjects(ctx, name)
	} else {
		out, err = listFiles(name)
	}
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w (no object under this prefix)", name, ErrNotExist)
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (s *Store) listObjects(ctx context.Context, name string) ([]Info, error) {
	o, err := s.parse(name)
	if err != nil {
		return nil, err
	}
	if o.key != "" && !strings.HasSuffix(o.key, "/") {
		if info, err := s.Stat(ctx, name); err == nil {
			return []Info{info}, nil
		} else if !errors.Is(err, ErrNotExist) {
			return nil, err
		}
	}
	b, err := s.bucket(ctx, o)
	if err != nil {
		return nil, err
	}
	var out []Info
	err = s.Retry(ctx, o.String(), func() error {
		out = out[:0]
		it := b.List(&blob.ListOptions{Prefix: o.key})
		for {
			obj, err := it.Next(ctx)
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if obj.IsDir || strings.HasSuffix(obj.Key, "/") {
				continue
			}
			info := Info{Name: o.bucket + "/" + obj.Key, Size: obj.Size}
			var etag string
			if a, err := b.Attributes(ctx, obj.Key); err == nil {
				etag = a.ETag
			} else {
				return err
			}
			info.ETag = etag
			out = append(out, info)
		}
	})
	return out, err
}

func listFiles(name string) ([]Info, error) {
	fi, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", name, ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []Info{LocalInfo(name, fi)}, nil
	}
	var out []Info
	err = filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != name && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			out = append(out, LocalInfo(p, info))
		}
		return nil
	})
	return out, err
}
