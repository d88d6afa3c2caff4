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

scheduler: "local" starts a Dask distributed.LocalCluster on 127.0.0.1 with `jobs` worker processes
of one thread each, for as long as the iteration lasts; any other string is the address of a
running Dask scheduler (tcp://host:8786), whose workers run the items. Dask is imported only then.

on_done(): called once per finished item, as it finishes (whatever its place in the order): for a
progress bar's count and rate.
"""
import os
from dataclasses import dataclass
from typing import Any, Optional

# Items in flight per worker: enough to keep each busy while the next result travels back, few
# enough that a run of 100,000 items does not hold 100,000 futures.
IN_FLIGHT_PER_WORKER = 4


@dataclass
class Outcome:
    item: Any
    value: Any = None
    error: Optional[str] = None


def ordered_map(fn, items, *, jobs=None, scheduler=None, on_done=None):
    """Yields an Outcome per item, in the order of `items` (see the module's description)."""
    items = list(items)
    jobs = jobs or os.cpu_count() or 1
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    on_done = on_done or (lambda: None)
    if scheduler:
        return _on_dask(fn, items, jobs, scheduler, on_done)
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


def _on_processes(fn, items, workers, on_done):
    import multiprocessing  # here: a command that starts no pool starts faster
    from concurrent.futures import ProcessPoolExecutor
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        try:
            yield from _in_order(lambda item: pool.submit(fn, item), _first_done, items,
                                 workers * IN_FLIGHT_PER_WORKER, on_done)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _first_done(futures):
    from concurrent.futures import FIRST_COMPLETED, wait
    return wait(futures, return_when=FIRST_COMPLETED).done


def _on_dask(fn, items, jobs, scheduler, on_done):
    import logging
    import distributed  # only here: it takes a second to import
    if scheduler == "local":
        cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                           host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)
    else:
        cluster = None
    try:
        with distributed.Client(cluster if cluster is not None else scheduler) as client:
            slots = sum(client.nthreads().values()) or jobs
            yield from _in_order(lambda item: client.submit(fn, item, pure=False),  # the same item twice is two tasks
                                 lambda futures: distributed.wait(futures, return_when="FIRST_COMPLETED").done,
                                 items, slots * IN_FLIGHT_PER_WORKER, on_done)
    finally:
        if cluster is not None:
            cluster.close()


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
