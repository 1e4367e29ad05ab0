"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import perfectplay

LONG_SOLVE = """
import time, perfectplay
game = perfectplay.Footholds([[1] * 11 for _ in range(11)], [5, 5], [5, 6])
print("solving", flush=True)
try:
    game.solve(threads=1)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


def interrupt_a_long_solve():
    """Starts the long solve in a child, sends Ctrl-C a second in, and returns (output, return code, seconds it took
    to stop), or None with the child's thread states when it has not stopped within 20 s."""
    process = subprocess.Popen([sys.executable, "-c", LONG_SOLVE], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "solving"
        time.sleep(1.0)  # well inside the solve: the full 11×11 board takes far longer than a minute
        assert process.poll() is None, "the solve ended before it could be interrupted"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        try:
            output, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            return None, thread_states(process.pid)
        return (output, process.returncode, time.monotonic() - sent), None
    finally:
        process.kill()
        process.wait()


def thread_states(pid):
    """Each thread of a process with its state (R running, S sleeping, D waiting on the disk or memory) and the
    kernel function it waits in, and the machine's memory pressure: what a hung child was doing."""
    states = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            states.append(f"{task.name} {fields[0]} in {(task / 'wchan').read_text() or '-'}")
        except OSError:
            continue
    pressure = Path("/proc/pressure/memory")
    if pressure.exists():
        states.append("memory pressure: " + " / ".join(pressure.read_text().split("\n")).strip(" /"))
    return "; ".join(states)


def test_sigint_stops_a_long_footholds_solve():
    # One more try when a child does not stop at all: CI once saw one hang for 20 s after Ctrl-C, which hundreds of
    # runs on the same machine did not repeat; a second hang in a row fails, with both children's thread states.
    hangs = []
    for _ in range(2):
        stopped, hang = interrupt_a_long_solve()
        if stopped is not None:
            break
        hangs.append(hang)
        print(f"warning: the child did not stop within 20 s of Ctrl-C (threads: {hang})", file=sys.stderr)
    assert stopped is not None, f"the solve did not stop within 20 s of Ctrl-C, twice: {hangs}"
    output, returncode, stopped_after = stopped
    assert output.strip() == "KeyboardInterrupt"
    assert returncode == 0
    assert stopped_after < 5.0, f"took {stopped_after:.2f} s to stop"


def test_other_threads_run_during_a_solve():
    game = perfectplay.Footholds([[1] * 11 for _ in range(11)], [5, 5], [5, 6])
    outcome = []

    def solve():
        try:
            game.solve(threads=1, time_limit=1.5)
        except TimeoutError as error:
            outcome.append(error)

    worker = threading.Thread(target=solve)
    worker.start()
    time.sleep(0.1)
    ticks, until = 0, time.monotonic() + 0.5
    while time.monotonic() < until:
        ticks += 1
    worker.join()
    assert len(outcome) == 1
    # With the GIL held by the solve, this loop would barely run; released, it spins freely.
    assert ticks > 10_000
