// Command ragaudit audits the citations of RAG chatbot answers in
// conversation logs and reports the citation-accuracy rate against a bar.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	ragversion "github.com/ragaudit/ragaudit/internal/version"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/store"
)

// version is the tool version written into every report.
const version = ragversion.Version

// Exit codes, documented in the README.
const (
	exitPass         = 0
	exitFail         = 1
	exitUsage        = 2
	exitInconclusive = 3 // verified: the labels do not yet decide at the bar
	exitNoData       = 4 // nothing to measure: an empty log, no citation, nothing checkable
	exitIncomplete   = 5 // fewer citations than --min-checked could be checked
	// INCONCLUSIVE with the rate below the bar (the machine's, within its
	// false alarms, or the verified estimate): told apart from 3 so that
	// CI recipes letting 3 through still stop on it.
	exitInconclusiveBelow = 6
	exitTempFail          = 75 // a store failed transiently (after retries): an engine should retry the task
	exitInterrupted       = 130
)

func init() {
	// ragaudit --version says what ragaudit version does.
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "ragaudit %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	}
}

func main() {
	tuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// tuneGC sets the collector's target unless GOGC does: the audit allocates
// many short-lived values per record, and halving the collector's work
// costs ~20 MB of heap and saves ~10 % CPU.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}

// run is main without the process: tests call it with their own streams.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	code, msg := exitCode(newApp(stdin, stdout, stderr).RunContext(ctx, args))
	if msg != "" {
		fmt.Fprintln(stderr, "ragaudit:", msg)
	}
	return code
}

// exitCode is the one place where an error becomes an exit code, and the
// line printed for it.
func exitCode(err error) (code int, msg string) {
	var usage *usageError
	var decision *decisionError
	var stated *statedError
	var inconclusive *inconclusiveError
	switch {
	case errors.As(err, &stated):
		code, _ = exitCode(stated.error)
		return code, ""
	case err == nil:
		return exitPass, ""
	case errors.As(err, &decision): // check: the decision is on stdout
		return decision.code(), ""
	case errors.Is(err, errBelowBar):
		return exitFail, ""
	case errors.As(err, new(*gateError)):
		return exitFail, err.Error()
	case errors.As(err, new(*noDataError)):
		return exitNoData, err.Error()
	case errors.As(err, new(*incompleteError)):
		return exitIncomplete, err.Error()
	case errors.As(err, &inconclusive) && inconclusive.belowBar:
		return exitInconclusiveBelow, err.Error()
	case errors.As(err, &inconclusive):
		return exitInconclusive, err.Error()
	case errors.Is(err, pipeline.ErrInterrupted), errors.Is(err, context.Canceled):
		return exitInterrupted, "interrupted; no report written"
	case errors.As(err, &usage):
		return exitUsage, usage.msg
	case errors.As(err, new(*store.TransientError)):
		return exitTempFail, err.Error() + " (a transient failure of the store: retry)"
	default: // unreadable input (*pipeline.InputError), a model that does not load, …
		return exitUsage, err.Error()
	}
}

// usageError is an error in how the tool was called or in what it was
// given to read: exit code 2. An empty msg prints nothing more (the help
// was printed instead).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usageErr formats a usageError.
func usageErr(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// gateError: a --fail-on gate failed (exit 1).
type gateError struct{ detail string }

func (e *gateError) Error() string { return e.detail }

// inconclusiveError: the verified estimate cannot decide at the bar yet
// (exit 3), or the machine's rate is below it within its false alarms
// (belowBar: exit 6).
type inconclusiveError struct {
	detail   string
	belowBar bool
}

func (e *inconclusiveError) Error() string { return "INCONCLUSIVE: " + e.detail }

// noDataError: the run had nothing to measure, a data problem rather than
// a quality failure (exit 4: told apart from a usage error, so CI can let
// an empty day's log through).
type noDataError struct{ cause string }

func (e *noDataError) Error() string { return "nothing to measure: " + e.cause }

// incompleteError: too few citations could be checked for the rate to
// pass or fail (exit 5).
type incompleteError struct{ detail string }

func (e *incompleteError) Error() string { return "INCOMPLETE: " + e.detail }

// errBelowBar: the audit ran and its rate is below the bar (exit 1; the
// summary says so, nothing more to print).
var errBelowBar = errors.New("citation accuracy below the bar")

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	var profileFile *os.File // the open --cpuprofile file, closed by After
	commands := allCommands()
	oneLineUsageErrors(commands)
	return &cli.App{
		Name:            "ragaudit",
		Usage:           "audit the citations of RAG chatbot answers in conversation logs",
		Version:         version,
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		// A tenant named "Acme, Inc." is one tenant: repeat a flag for more.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {}, // run() reports errors and picks the code
		Commands:                  commands,
		// Without an Action, cli answers an unknown command with its own
		// exit code 3; a mistyped command is a usage error like any other.
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				name := c.Args().First()
				if s := suggest(name, commandNames(commands)); s != "" {
					return usageErr("unknown command %q: did you mean %s? (ragaudit help)", name, s)
				}
				return usageErr("unknown command %q: want one of %s (ragaudit help)", name, strings.Join(commandNames(commands), ", "))
			}
			// No command is a usage error (exit 2), as with go and git: a
			// script that forgot its command must not pass. The help goes to
			// stderr and says the rest; "ragaudit help" and --help exit 0.
			cli.HelpPrinter(c.App.ErrWriter, cli.AppHelpTemplate, c.App)
			return &usageError{}
		},
		Description: exitCodesHelp,
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			if errors.Is(err, flag.ErrHelp) {
				return cli.ShowAppHelp(c)
			}
			return flagError(&cli.Command{Name: "", Flags: c.App.Flags}, err)
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile (go tool pprof) of the run to this file"},
		},
		Before: func(c *cli.Context) error {
			path := c.String("cpuprofile")
			if path == "" {
				return nil
			}
			f, err := os.Create(path)
			if err != nil {
				return usageErr("--cpuprofile: %v", err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				f.Close()
				return usageErr("--cpuprofile: %v", err)
			}
			profileFile = f
			return nil
		},
		After: func(*cli.Context) error {
			if profileFile != nil {
				pprof.StopCPUProfile()
				return profileFile.Close()
			}
			return nil
		},
	}
}

// allCommands are ragaudit's commands, in the order help lists them.
func allCommands() []*cli.Command {
	return []*cli.Command{
		auditCommand(),
		evalCommand(),
		calibrateCommand(),
		sampleCommand(),
		reviewCommand(),
		checkCommand(),
		serveCommand(),
		planCommand(),
		mergeCommand(),
		convertCommand(),
		genCommand(),
		versionCommand(),
		helpCommand(),
	}
}

// exitCodesHelp is shown by --help; the README has the same table.
const exitCodesHelp = `Exit codes: 0 PASS: with --labels, the verified rate's one-sided 95% lower
bound at or above --bar; without labels only with --accept-machine, where
the top of the machine's rate's 95% interval clears it even were the machine
to catch only --machine-recall of the unsupported citations; 1 FAIL: with --labels,
the verified upper bound below it; without, where the fabricated citations
alone hold the rate below it, or with --accept-machine, the machine's rate
below it even allowing --machine-false-alarms; or a --fail-on gate failed;
2 usage error or unreadable input; 3 INCONCLUSIVE (with --labels: more labels
are needed to decide; without: the machine's rate clears the bar and a
reviewed sample must verify it); 4 NO_DATA: nothing to measure (an empty log,
no citation, nothing checkable); 5 INCOMPLETE: fewer citations than
--min-checked could be checked (with --strict: any record skipped);
6 INCONCLUSIVE below the bar: undecided, with the machine's rate below it, or
with labels, the verified estimate below it; 130 interrupted (no report
written).`

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version of ragaudit",
		Action: func(c *cli.Context) error {
			fmt.Fprintf(c.App.Writer, "ragaudit %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}

func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show the commands, or one command's flags",
		ArgsUsage: "[COMMAND]",
		Action: func(c *cli.Context) error {
			name := c.Args().First()
			if name == "" {
				return cli.ShowAppHelp(c)
			}
			cmd := c.App.Command(name)
			if cmd == nil {
				if s := suggest(name, commandNames(c.App.Commands)); s != "" {
					return usageErr("no command %q: did you mean %s?", name, s)
				}
				return usageErr("no command %q: want one of %s", name, strings.Join(commandNames(c.App.Commands), ", "))
			}
			cli.HelpPrinter(c.App.Writer, cli.CommandHelpTemplate, cmd)
			return nil
		},
	}
}
