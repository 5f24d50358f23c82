package review

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// Server serves the review page: one citation at a time, judged by key
// presses, each judgment appended to the label file before the page moves
// on. Every request must carry the server's random token (as notebook
// servers do), so no other local process or web page can read the logs
// shown or post labels, and a Host that is not the server's own is refused
// (DNS rebinding).
type Server struct {
	Labels      *LabelFile
	Sample      []Item
	Views       []*View
	Reviewer    string
	ShowVerdict bool

	token string
	host  string // host:port the server answers to
	mu    sync.Mutex
}

// NewServer makes a server with a fresh token.
func NewServer(labels *LabelFile, sample []Item, views []*View, reviewer string, showVerdict bool) (*Server, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return &Server{Labels: labels, Sample: sample, Views: views, Reviewer: reviewer, ShowVerdict: showVerdict, token: hex.EncodeToString(b)}, nil
}

// Serve answers on l until ctx is done. url is called with the address to
// open, once the server listens.
func (s *Server) Serve(ctx context.Context, l net.Listener, url func(string)) error {
	s.host = l.Addr().String()
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	url(s.URL())
	if err := srv.Serve(l); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// URL is the address of the page, token included.
func (s *Server) URL() string { return fmt.Sprintf("http://%s/?token=%s", s.host, s.token) }

// Handler routes the page's requests.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.guard(s.page))
	mux.HandleFunc("POST /label", s.guard(s.label))
	mux.HandleFunc("POST /undo", s.guard(s.undo))
	return mux
}

// guard refuses requests without the token or for another host, and sets
// the headers that keep the page to itself.
func (s *Server) guard(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Cache-Control", "no-store")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		if s.host != "" && r.Host != s.host {
			http.Error(w, "wrong host", http.StatusForbidden)
			return
		}
		tok := r.URL.Query().Get("token")
		if r.Method == http.MethodPost {
			tok = r.PostFormValue("token")
		}
		if subtle.ConstantTimeCompare([]byte(tok), []byte(s.token)) != 1 {
			http.Error(w, "this page needs the address with its token that ragaudit review printed", http.StatusForbidden)
			return
		}
		h(w, r)
	}
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.Labels.Next(0)
	if v := r.URL.Query().Get("i"); v == "done" {
		i = -1
	} else if v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= len(s.Sample) {
			http.Error(w, "no such item", http.StatusNotFound)
			return
		}
		i = n
	}
	if err := s.render(w, i); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// label records a judgment, then shows the next unlabelled item.
func (s *Server) label(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := strconv.Atoi(r.PostFormValue("i"))
	label := r.PostFormValue("label")
	if err != nil || i < 0 || i >= len(s.Sample) {
		http.Error(w, "no such item", http.StatusBadRequest)
		return
	}
	if label == "skip" {
		s.redirect(w, r, s.next(i+1))
		return
	}
	if label == readers.LabelWithdrawn {
		http.Error(w, "use undo", http.StatusBadRequest)
		return
	}
	if err := s.Labels.Give(i, label, s.Reviewer); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.redirect(w, r, s.next(i+1))
}

// undo withdraws the latest judgment and shows its item again.
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.Labels.Undo(s.Reviewer)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if i < 0 {
		i, _ = strconv.Atoi(r.PostFormValue("i"))
	}
	s.redirect(w, r, i)
}

// next is the first unlabelled item from i on (wrapping), or -1 when all
// are labelled.
func (s *Server) next(i int) int { return s.Labels.Next(i % len(s.Sample)) }

func (s *Server) redirect(w http.ResponseWriter, r *http.Request, i int) {
	u := "/?token=" + s.token
	if i >= 0 {
		u += "&i=" + strconv.Itoa(i)
	} else {
		u += "&i=done"
	}
	http.Redirect(w, r, u, http.StatusSeeOther)
}

// Listen listens on addr, which must be a loopback address unless public
// says otherwise.
func Listen(addr string, public bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %s: %v", addr, err)
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	if !public && (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		return nil, fmt.Errorf("--addr %s is not on this machine only: the page shows customer conversations; add --public to serve it there anyway", addr)
	}
	return net.Listen("tcp", addr)
}
