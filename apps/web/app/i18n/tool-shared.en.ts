/**
 * What several tools show alike (`components/tool-shared/`): common words, job status, waveform
 * player, audio source and recorder, result downloads. Wired into `en.ts` as `toolShared`;
 * `tool-shared.zh.ts` has exactly the same keys.
 */
export const toolSharedEn = {
  common: {
    points: { one: "{count} point", other: "{count} points" },
    pointsShort: "{count} pts",
    available: { one: "Available: {count} point", other: "Available: {count} points" },
    notEnoughPoints: "Not enough points: this needs {cost}, you have {available}.",
    download: "Download",
    cancel: "Cancel",
    close: "Close",
    save: "Save",
    delete: "Delete",
    rename: "Rename",
    retry: "Try again",
    loading: "Loading…",
    working: "Working…",
    uploadStillRunning: "Your file is still uploading: this works as soon as it has finished.",
    progress: "{progress}% · {stage}",
    queued: "Waiting in the queue…",
    waitingForSlot: "Waiting for a free slot: your plan runs your other jobs first…",
    failed: "The job failed: {message}",
    cancelled: "The job was cancelled; its points were returned.",
    historyTitle: "Recent results",
    seconds: "{count} s",
    reconnecting: "Reconnecting to live updates…",
  },
  waveform: {
    play: "Play",
    pause: "Pause",
    label: "Waveform of {name}",
    time: "{current} / {total}",
  },
  source: {
    upload: "Upload a file",
    record: "Record",
    modeLabel: "How to add audio",
    ready: "Using {name}",
    duration: "{duration} long",
    replace: "Use another recording",
  },
  recorder: {
    start: "Start recording",
    stop: "Stop",
    discard: "Discard",
    use: "Use this recording",
    uploading: "Uploading the recording… {percent}%",
    level: "Input level",
    timer: "{elapsed} of {max} max",
    tooShort: "Record at least {min} seconds.",
    atLimit: "Reached the 3-minute maximum.",
    permissionDenied: "The browser did not allow the microphone. Allow it in the address bar and try again.",
    unsupported: "This browser cannot record audio. Upload a file instead.",
    recorded: "Recorded {duration}",
    hint: "Speak naturally in a quiet room, about a hand's width from the microphone.",
  },
  result: {
    downloadAudio: "Download {format}",
    downloadSrt: "Download SRT",
    downloadVtt: "Download VTT",
  },
  subtitleFile: {
    readAs: "Read as {encoding}",
  },
};
