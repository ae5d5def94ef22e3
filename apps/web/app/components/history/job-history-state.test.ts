import { describe, expect, it } from "vitest";
import type { JobView } from "@voxwork/contract";
import { appendPage, applyEvent, applySnapshot, matchesFilter, upsertJob } from "./job-history-state";

function job(id: string, patch: Partial<JobView> = {}): JobView {
  return {
    id,
    type: "system.selfCheck",
    title: id,
    status: "running",
    waitingForSlot: false,
    progress: 10,
    currentStage: "encode",
    stages: [],
    cost: { estimated: 0, frozen: 0, settled: null },
    attempts: 1,
    completions: 0,
    input: {},
    output: null,
    error: null,
    media: [],
    createdAt: `2026-01-01T00:00:0${id.length}Z`,
    startedAt: null,
    finishedAt: null,
    ...patch,
  };
}

const event = (jobId: string, status: JobView["status"], progress = 50) => ({ jobId, ownerId: "u", type: "system.selfCheck", status, progress, stage: "encode" });

describe("live history state", () => {
  it("applies progress to a listed job and reads it again when it ends", () => {
    const list = [job("a"), job("bb", { status: "completed" })];
    const running = applyEvent(list, event("a", "running", 40), {});
    expect(running.jobs[0]).toMatchObject({ status: "running", progress: 40 });
    expect(running.refresh).toEqual([]);
    const done = applyEvent(running.jobs, event("a", "completed", 100), {});
    expect(done.jobs[0]).toMatchObject({ status: "completed", progress: 100 });
    expect(done.refresh).toEqual(["a"]);
  });

  it("ignores a late progress event after the final state, but follows a re-run", () => {
    const list = [job("a", { status: "completed", progress: 100 })];
    expect(applyEvent(list, event("a", "running", 96), {}).jobs[0]).toMatchObject({ status: "completed", progress: 100 });
    const queued = applyEvent(list, event("a", "queued", 0), {});
    expect(queued.jobs[0]).toMatchObject({ status: "queued" });
    expect(applyEvent(queued.jobs, event("a", "running", 10), {}).jobs[0]).toMatchObject({ status: "running", progress: 10 });
  });

  it("adds new jobs that match the filter only", () => {
    expect(applyEvent([], event("n", "queued", 0), {}).add).toEqual(["n"]);
    expect(applyEvent([], event("n", "queued", 0), { types: ["text-to-speech.synthesize"] }).add).toEqual([]);
    expect(applyEvent([], event("n", "queued", 0), { statuses: ["completed"] }).add).toEqual([]);
    // An unlisted old job finishing is not pulled into the list.
    expect(applyEvent([], event("n", "completed", 100), {}).add).toEqual([]);
  });

  it("a snapshot after a reconnect re-reads jobs that ended while disconnected", () => {
    const list = [job("a"), job("bb"), job("ccc", { status: "failed" })];
    const change = applySnapshot(list, [job("bb", { progress: 70 }), job("dddd", { status: "queued" })], {});
    expect(change.refresh).toEqual(["a"]);
    expect(change.jobs[1]).toMatchObject({ id: "bb", progress: 70 });
    expect(change.add).toEqual(["dddd"]);
  });

  it("keeps newest first and never lists a job twice", () => {
    const list = [job("ccc"), job("a")];
    expect(upsertJob(list, job("bb")).map((item) => item.id)).toEqual(["ccc", "bb", "a"]);
    expect(upsertJob(list, job("a", { status: "completed" })).map((item) => item.status)).toEqual(["running", "completed"]);
    expect(appendPage(list, [job("a"), job("z")]).map((item) => item.id)).toEqual(["ccc", "a", "z"]);
    expect(matchesFilter(job("a"), { types: ["system.selfCheck"], statuses: ["running"] })).toBe(true);
  });
});
