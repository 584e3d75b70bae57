/** Why a running job's engine was told to stop; the worker acts on each differently. */

/** Its deadline passed: the job fails as timed out and refunds. */
export class DeadlinePassed extends Error {
  constructor() {
    super("The job passed its time limit");
    this.name = "DeadlinePassed";
  }
}

/** Another worker or the recovery took the job over: this worker must leave it alone. */
export class LeaseLost extends Error {
  constructor() {
    super("The worker no longer holds the job");
    this.name = "LeaseLost";
  }
}

/** The worker is shutting down: the job goes back to the queue for another worker. */
export class WorkerStopping extends Error {
  constructor() {
    super("The worker is stopping");
    this.name = "WorkerStopping";
  }
}
