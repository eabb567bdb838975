//! Process-wide signal behaviour for the front ends (the command line, a server): Ctrl-C is noted (so the job can end
//! with what it knows) and a closed output pipe ends the program quietly.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    // Only an atomic store: the one kind of work a signal handler may safely do.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// From now on, SIGINT (Ctrl-C) sets a flag for [`interrupted`] instead of killing the
/// process. Whoever calls this must poll the flag.
pub fn catch_interrupt() {
    // SAFETY: the handler is async-signal-safe (a single atomic store).
    unsafe {
        libc::signal(libc::SIGINT, on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t);
    }
}

/// Has Ctrl-C been pressed since [`catch_interrupt`]?
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// A cancellation token that Ctrl-C sets, for library jobs that finish what is under way
/// and report (the library itself never looks at signals).
pub fn cancel_on_interrupt() -> crate::engine::Cancel {
    catch_interrupt();
    let cancel = crate::engine::Cancel::new();
    let token = cancel.clone();
    std::thread::spawn(move || loop {
        if interrupted() {
            token.cancel();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    });
    cancel
}

/// Restores the default SIGPIPE action, which Rust's runtime sets to "ignore": writing to
/// a closed pipe (`snakesat ... | head -1`) then ends the process silently, as it does for
/// `cat`, instead of failing the write and panicking in `println!`.
pub fn quiet_broken_pipe() {
    // SAFETY: resetting a signal to its default action has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
