"""Many independent items of work (games to check, runs to simulate) on every core, or as tasks of a
Dask cluster, their outcomes handed back in the order given.

    for outcome in ordered_map(judge, paths, jobs=4):
        print(outcome.item, outcome.error or outcome.value)

`fn` must be picklable (a module-level function, or a functools.partial of one) and so must the
items and values: they travel to other processes or machines. Each outcome comes as soon as its item
and every item before it are done. An exception inside `fn` becomes the outcome's `error`, a line
naming the item and the exception; the other items go on.

jobs: None for every core (os.cpu_count()), 1 for this process alone (no pool), N for N processes
(a process pool started with forkserver where the system has it, else spawn: never fork, which
would copy the caller's threads and open files). With one item, or one job, nothing is started.

scheduler: "local" starts a Dask distributed.LocalCluster with `jobs` worker processes of one thread
each, for as long as the iteration lasts, every port of it (HTTP servers too) on 127.0.0.1 alone;
tcp://HOST:PORT is the address of a running Dask scheduler, whose workers run the items, found
within CONNECT_SECONDS. Any other address, or none answering, raises SchedulerError. Dask is
imported only then, and its log lines and warnings are silenced unless `verbose`.

Ctrl-C (SIGINT to the process group) reaches the caller alone: worker processes ignore it, and the
KeyboardInterrupt that ends the iteration stops them (or the local cluster) with it.

on_done(): called once per finished item, as it finishes (whatever its place in the order): for a
progress bar's count and rate.
"""
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Optional

# Items in flight per worker: enough to keep each busy while the next result travels back, few
# enough that a run of 100,000 items does not hold 100,000 futures.
IN_FLIGHT_PER_WORKER = 4

# How long a client waits for a scheduler to answer (Dask's own default is 30 s).
CONNECT_SECONDS = 10

SCHEDULER_FORM = ("give `local` or a running Dask scheduler's address, tcp://HOST:PORT (what `dask scheduler` "
                  "prints after 'Scheduler at:')")
START_ONE = "start one with `dask scheduler` (docs/scale.md)"


class SchedulerError(Exception):
    """A scheduler that cannot be used: an address that names none, or no Dask scheduler answering there."""


@dataclass
class Outcome:
    item: Any
    value: Any = None
    error: Optional[str] = None


def check_scheduler(address):
    """SchedulerError unless `address` is `local` or tcp://HOST:PORT."""
    from urllib.parse import urlsplit
    if address == "local":
        return
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme != "tcp" or not parts.hostname or port is None or parts.path not in ("", "/"):
        raise SchedulerError(f"--scheduler {address!r} is not a scheduler's address: {SCHEDULER_FORM}")


def ordered_map(fn, items, *, jobs=None, scheduler=None, on_done=None, verbose=False):
    """Yields an Outcome per item, in the order of `items` (see the module's description)."""
    items = list(items)
    jobs = jobs or os.cpu_count() or 1
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    on_done = on_done or (lambda: None)
    if scheduler is not None:
        check_scheduler(scheduler)
        return _on_dask(fn, items, jobs, scheduler, on_done, verbose)
    if jobs == 1 or len(items) < 2:
        return _here(fn, items, on_done)
    return _on_processes(fn, items, min(jobs, len(items)), on_done)


def _failure(item, e):
    """The error line of an item whose work raised `e`."""
    return f"{item}: {type(e).__name__}: {e}" if str(e) else f"{item}: {type(e).__name__}"


def _here(fn, items, on_done):
    for item in items:
        try:
            outcome = Outcome(item, fn(item))
        except Exception as e:  # an item's failure is its outcome; the others go on
            outcome = Outcome(item, error=_failure(item, e))
        on_done()
        yield outcome


def _ignore_interrupts():
    """In a worker process: Ctrl-C reaches the whole process group, but the caller alone answers it
    (it stops the workers), so that no worker prints a traceback."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _children_ignore_interrupts():
    """Processes started inside inherit an ignored SIGINT (see _ignore_interrupts)."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _on_processes(fn, items, workers, on_done):
    import multiprocessing  # here: a command that starts no pool starts faster
    from concurrent.futures import ProcessPoolExecutor
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_interrupts)
    finished = False
    try:
        yield from _in_order(lambda item: pool.submit(fn, item), _first_done, items,
                             workers * IN_FLIGHT_PER_WORKER, on_done)
        finished = True
    finally:
        if not finished:  # stopped early (Ctrl-C, the caller's break): the games running are not wanted
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join()
        pool.shutdown(wait=True, cancel_futures=True)


def _first_done(futures):
    from concurrent.futures import FIRST_COMPLETED, wait
    return wait(futures, return_when=FIRST_COMPLETED).done


@contextmanager
def _dask_quiet(verbose):
    """Dask's log lines and warnings (a port in use, a worker restarted) for the user only with `verbose`."""
    import logging
    import warnings
    logger = logging.getLogger("distributed")
    level = logger.level
    with warnings.catch_warnings():
        if not verbose:
            logger.setLevel(logging.CRITICAL + 1)
            warnings.filterwarnings("ignore", module="distributed")
            warnings.filterwarnings("ignore", module="dask")
        try:
            yield
        finally:
            logger.setLevel(level)


def _on_dask(fn, items, jobs, scheduler, on_done, verbose):
    import logging
    with _dask_quiet(verbose):
        import distributed  # only here: it takes a second to import
        cluster = None
        try:
            if scheduler == "local":
                # Every server a cluster starts listens on loopback alone: the scheduler's and
                # workers' ports, and the HTTP servers (health, metrics) each starts even without a
                # dashboard, on a free port rather than 8787.
                with _children_ignore_interrupts():
                    cluster = distributed.LocalCluster(
                        n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        worker_dashboard_address="127.0.0.1:0",
                        silence_logs=logging.INFO if verbose else logging.CRITICAL + 1)
            client = _client(distributed, cluster if cluster is not None else scheduler)
            with client:
                slots = sum(client.nthreads().values()) or jobs
                yield from _in_order(lambda item: client.submit(fn, item, pure=False),  # the same item twice is two tasks
                                     lambda futures: distributed.wait(futures, return_when="FIRST_COMPLETED").done,
                                     items, slots * IN_FLIGHT_PER_WORKER, on_done)
        finally:
            if cluster is not None:
                cluster.close()


def _client(distributed, where):
    """A distributed.Client of a LocalCluster or of the scheduler at an address; SchedulerError when
    none answers there."""
    if not isinstance(where, str):
        return distributed.Client(where)
    try:
        return distributed.Client(where, timeout=CONNECT_SECONDS)
    except Exception as e:  # OSError, TimeoutError (empty) or CommClosedError, as the far end answers
        why = str(e)
        if "Timed out trying to connect" in why or isinstance(e, ConnectionRefusedError):
            raise SchedulerError(f"--scheduler {where}: no Dask scheduler answered within {CONNECT_SECONDS} s: "
                                 f"{START_ONE}") from None
        raise SchedulerError(f"--scheduler {where}: something answered there, but not as a Dask scheduler "
                             f"({why or type(e).__name__}): a worker's port, or another server's? `dask scheduler` "
                             f"prints its own address after 'Scheduler at:' (docs/scale.md)") from None


def _in_order(submit, first_done, items, window, on_done):
    """The outcomes of items submitted `window` at a time, yielded in order."""
    running = {}   # future: index of its item
    finished = {}  # index: Outcome, until every item before it is yielded
    submitted = given = 0
    while given < len(items):
        while submitted < len(items) and len(running) < window:
            try:
                running[submit(items[submitted])] = submitted
            except Exception as e:  # a pool that broke (a worker killed): this item cannot run
                finished[submitted] = Outcome(items[submitted], error=_failure(items[submitted], e))
                on_done()
            submitted += 1
        if running:
            for future in first_done(list(running)):
                index = running.pop(future)
                finished[index] = _outcome(items[index], future)
                on_done()
        while given in finished:
            yield finished.pop(given)
            given += 1


def _outcome(item, future):
    try:
        return Outcome(item, future.result())
    except Exception as e:
        return Outcome(item, error=_failure(item, e))
