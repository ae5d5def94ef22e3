/**
 * The error-code catalogue shared by server and client (spec §8).
 * Messages live under the translation key `error-code-message.{code}` in both languages.
 * See docs/decisions/002-error-codes.md for what each code means and when it is returned raw.
 */
export const ErrorCode = {
  OK: 0,
  UNKNOWN: 1,
  /** Not signed in, or the token is invalid or expired. Returned raw so the caller can send the user to sign in. */
  AUTH_REQUIRED: 1000,
  SIGNATURE_MISSING: 1001,
  SIGNATURE_INVALID: 1002,
  TIMESTAMP_OUT_OF_WINDOW: 1003,
  MALFORMED_JSON: 1004,
  BODY_TOO_LARGE: 1005,
  INVALID_PARAMETER: 1006,
  UNSUPPORTED_MEDIA_TYPE: 1007,
  CALL_NOT_FOUND: 1008,
  METHOD_NOT_ALLOWED: 1009,
  /** A rate limit: HTTP 429 with `Retry-After`; `seconds` says how long to wait. */
  TOO_MANY_REQUESTS: 1010,
  INTERNAL_ERROR: 1011,
  SERVICE_UNAVAILABLE: 1012,
  CHANNEL_INVALID: 1013,
  USER_MISMATCH: 1014,
  OPERATOR_ONLY: 1015,
  OPERATOR_NOT_CONFIGURED: 1016,
  NOT_FOUND: 1017,
  REQUEST_TIMEOUT: 1018,
  NETWORK_ERROR: 1019,
  JOB_NOT_FOUND: 2001,
  JOB_FAILED: 2002,
  JOB_BUSY: 2003,
  /** The plan's running slots are taken and its `waitingJobs` are all waiting: no room for another job. */
  JOB_QUEUE_FULL: 2004,
  /** The job is not waiting for its owner at this step (it is running, or has finished). */
  JOB_NOT_WAITING: 2005,
  /** A share link is unknown or was revoked (or its job was deleted). */
  SHARE_LINK_NOT_FOUND: 2101,
  /** Only a finished job with output files can be shared. */
  SHARE_JOB_NOT_READY: 2102,
  /** The job has the maximum number of active share links. */
  SHARE_LINK_LIMIT: 2103,
  /** Public API (2200–2219, decision 037). The `Authorization: Bearer` key is missing, malformed or unknown: HTTP 401. */
  API_KEY_INVALID: 2200,
  /** The API key was revoked by its owner: HTTP 401. */
  API_KEY_REVOKED: 2201,
  /** The API key's expiry date has passed: HTTP 401. */
  API_KEY_EXPIRED: 2202,
  /** The API key has no scope for this tool: HTTP 403; `tool`. */
  API_KEY_SCOPE_MISSING: 2203,
  /** The API key is read-only and the call creates or changes something: HTTP 403. */
  API_KEY_READ_ONLY: 2204,
  /** An `Idempotency-Key` already used with another request body or path: HTTP 409. */
  IDEMPOTENCY_KEY_CONFLICT: 2205,
  /** The `Idempotency-Key` header is empty, too long or has characters other than printable ASCII: HTTP 400. */
  IDEMPOTENCY_KEY_INVALID: 2206,
  /** No such API key of this user (or it is already revoked). */
  API_KEY_NOT_FOUND: 2207,
  /** The user has the maximum number of active API keys; `limit`. */
  API_KEY_LIMIT: 2208,
  /** This tool's jobs cannot be created through the API (yet); `tool`. */
  API_TOOL_NOT_AVAILABLE: 2209,
  /** Webhooks (2220–2229, decision 038). The endpoint (or delivery) is unknown or not the caller's: HTTP 404. */
  WEBHOOK_NOT_FOUND: 2220,
  /** The user has the maximum number of webhook endpoints; `limit`. */
  WEBHOOK_LIMIT: 2221,
  /** The URL's host resolves to a private, loopback or link-local address and the operator does not allow those; `address`. */
  WEBHOOK_URL_FORBIDDEN: 2222,
  /** The URL's host does not resolve; `host`. */
  WEBHOOK_URL_UNRESOLVABLE: 2223,
  /** A worker is sending this delivery right now (send again a moment later). */
  WEBHOOK_DELIVERY_BUSY: 2224,
  /** An analytics event failed validation. */
  EVENT_INVALID: 3001,
  /** An analytics event is larger than the limit. */
  EVENT_TOO_LARGE: 3002,
  /** Not an IPv4 or IPv6 address. */
  IP_INVALID: 3003,
  /** The event buffer is full (the database is not keeping up); the client may retry later. */
  EVENT_BUFFER_FULL: 3004,
  ACCOUNT_NOT_FOUND: 4001,
  ACCOUNT_DISABLED: 4002,
  POINTS_HOLD_NOT_FOUND: 4003,
  POINTS_HOLD_CONFLICT: 4004,
  ORDER_NOT_FOUND: 4005,
  PAYMENT_PROVIDER_ERROR: 4006,
  WEBHOOK_INVALID: 4007,
  NICKNAME_INVALID: 4008,
  /** Uploads and stored media (5001–5099). The file's content is not audio, video or an image. */
  UPLOAD_NOT_MEDIA: 5001,
  /** A media file of a kind the tools cannot use. */
  UPLOAD_UNSUPPORTED_TYPE: 5002,
  /** Larger than the plan's upload size. */
  UPLOAD_TOO_LARGE: 5003,
  /** Longer than the plan's video minutes per job. */
  UPLOAD_TOO_LONG: 5004,
  /** The file is damaged or truncated (no readable streams). */
  UPLOAD_DAMAGED: 5005,
  /** No such upload for this user (or it expired). */
  UPLOAD_NOT_FOUND: 5006,
  /** The file name is not allowed (path parts, control characters, empty). */
  UPLOAD_NAME_INVALID: 5007,
  /** The user's storage quota is used up. */
  STORAGE_QUOTA_EXCEEDED: 5008,
  /** The file is empty. */
  UPLOAD_EMPTY: 5009,
  /** A media link is unknown, tampered with or expired. */
  MEDIA_LINK_INVALID: 5010,
  /** The requested byte range lies outside the file. */
  RANGE_NOT_SATISFIABLE: 5011,
  /** The upload was sent in a way the server does not accept (missing length, wrong content type). */
  UPLOAD_REQUEST_INVALID: 5012,
  /** An image wider, taller or with more pixels than the plan's `imageLimits` (read from its header, never decoded). */
  UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE: 5013,
  /** A video whose frames exceed the plan's `videoFrameLimits`. */
  UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE: 5014,
  /**
   * At a job's ingest the file measures longer (from its packets) than the length the job was priced
   * at: refused before any work, its points released (`{seconds}`, `{priced}`).
   */
  MEDIA_LONGER_THAN_PRICED: 5015,
  /** Text to speech: nothing to speak (empty, or only markup). */
  TTS_TEXT_EMPTY: 6001,
  /** More billable characters than the plan's `maxTtsCharacters`. */
  TTS_TEXT_TOO_LONG: 6002,
  /** A voice key that no configured engine or cloned voice of the caller has (deleted voices included). */
  VOICE_NOT_FOUND: 6003,
  /** The chosen voice does not speak the chosen language. */
  VOICE_LANGUAGE_UNSUPPORTED: 6004,
  /** A cloned voice still being analysed (or whose analysis failed). */
  VOICE_NOT_READY: 6005,
  /** Dialogue mode: a speaker name without a voice. */
  DIALOGUE_SPEAKER_UNASSIGNED: 6006,
  /** A voice recording shorter than the minimum. */
  RECORDING_TOO_SHORT: 6007,
  /** A voice recording longer than the maximum. */
  RECORDING_TOO_LONG: 6008,
  /** Voice activity detection found too little speech (silence, music, noise). */
  RECORDING_LITTLE_SPEECH: 6009,
  /** Too many clipped samples. */
  RECORDING_CLIPPING: 6010,
  /** Integrated loudness far below speech level. */
  RECORDING_TOO_QUIET: 6011,
  /** An upload without a usable audio track used where speech is needed. */
  RECORDING_NOT_AUDIO: 6012,
  /** Voice cloning without the consent confirmation. */
  CLONE_CONSENT_REQUIRED: 6013,
  /** The plan's `voiceCloneSlots` are all taken. */
  VOICE_SLOTS_FULL: 6014,
  /** An engine failed to load or answer (not the caller’s fault); retried jobs end with it. */
  ENGINE_UNAVAILABLE: 6015,
  /** The pronunciation dictionary is full. */
  PRONUNCIATION_LIMIT: 6016,
  /** Video translation: the upload has no audio track to translate. */
  VIDEO_NO_AUDIO_TRACK: 7001,
  /** Video translation: speech recognition heard no speech. */
  VIDEO_NO_SPEECH_FOUND: 7002,
  /** Video translation: OCR found no burned-in subtitles. */
  VIDEO_NO_SUBTITLES_FOUND: 7003,
  /** No configured engine translates this pair. */
  TRANSLATION_PAIR_UNAVAILABLE: 7004,
  /** Longer than the plan's `maxVideoMinutesPerJob`. */
  VIDEO_TOO_LONG: 7005,
  /** The plan's `vtUseLimit` runs of this month are used. */
  VIDEO_TRANSLATION_MONTHLY_LIMIT: 7006,
  /** An uploaded subtitle file could not be read. */
  SUBTITLE_FILE_INVALID: 7007,
  /** The upload is not a video we can read (an image, audio only, or a damaged file). */
  VIDEO_NOT_READABLE: 7008,
  /** No engine can get the source text in this language from this source (speech or subtitles). */
  SOURCE_TEXT_UNAVAILABLE: 7009,
  /** Review gate: nothing changed since the lines were spoken. */
  VIDEO_TRANSLATION_NOTHING_TO_REGENERATE: 7010,
  /** Review gate: export asked while edited lines are not spoken yet. */
  VIDEO_TRANSLATION_UNSPOKEN_EDITS: 7011,
  /** Review gate: an edit names a line or language the job does not have. */
  VIDEO_TRANSLATION_LINE_UNKNOWN: 7012,
  /** The separation engine asked for is not set up here. */
  VIDEO_SEPARATOR_UNAVAILABLE: 7013,
  /** Replacing or adding drawn subtitles needs the lines in the picture: the source of text cannot be speech alone. */
  VIDEO_SUBTITLES_NEED_PICTURE_LINES: 7014,
  /** `output: 'subtitles'` with nothing drawn (`subtitles: 'keep'` and no burn-in): the video would come back unchanged. */
  VIDEO_SUBTITLES_OUTPUT_NOTHING_DRAWN: 7015,
  /** Video erasure (7100–7119). No text was found to erase: the drawn-region mode is offered. */
  ERASURE_NO_TEXT_FOUND: 7100,
  /** A region lies (partly) outside the picture; `index` (1-based), `width`, `height`. */
  ERASURE_REGION_OUTSIDE_FRAME: 7101,
  /** A region's time range lies outside the video; `index`, `from`, `to`, `duration`. */
  ERASURE_TIME_OUTSIDE_VIDEO: 7102,
  /** Nothing to erase: no region chosen. */
  ERASURE_NO_REGIONS: 7103,
  /** Subtitle extraction (7200–7209). OCR found no burned-in subtitle line in either language. */
  SUBTITLE_EXTRACTION_NONE_FOUND: 7200,
  /** Only Chinese was asked for; English subtitles were found (choose English or both). */
  SUBTITLE_EXTRACTION_ONLY_ENGLISH: 7201,
  /** Only English was asked for; Chinese subtitles were found (choose Chinese or both). */
  SUBTITLE_EXTRACTION_ONLY_CHINESE: 7202,
  /** Audio separation (7300–7309). The upload (a video) has no audio track to separate. */
  AUDIO_SEPARATION_NO_AUDIO_TRACK: 7300,
  /** The upload is not audio or video we can decode (an image, or a damaged file). */
  AUDIO_SEPARATION_NOT_READABLE: 7301,
  /** Longer than the plan's `maxVideoMinutesPerJob` (audio or video alike); `minutes`, `max`. */
  AUDIO_SEPARATION_TOO_LONG: 7302,
  /** The separator asked for is not set up here; `engine`. */
  AUDIO_SEPARATION_ENGINE_NOT_SET_UP: 7303,
  /** The separator failed while running (not the caller's fault); `engine`. The points are released. */
  AUDIO_SEPARATION_ENGINE_FAILED: 7304,
  /** Subtitle burn-in (7400–7409). No line of the subtitle file falls within the video; `count`, `duration`. */
  BURN_IN_NO_LINES_IN_VIDEO: 7400,
  /** AI avatar video (7500–7509). No face in the photo; `scene`. */
  AVATAR_NO_FACE: 7500,
  /** No built-in avatar with this id; `avatar`. */
  AVATAR_UNKNOWN: 7501,
  /** A scene's upload is not what it is used as (a photo that is no picture, a recording without sound, …); `scene`, `what`. */
  AVATAR_UPLOAD_WRONG_KIND: 7502,
  /** The video would be longer than the plan allows; `seconds`, `max`. */
  AVATAR_TOO_LONG: 7503,
  /** The photo animator asked for is not set up; `animator`. */
  AVATAR_ANIMATOR_UNAVAILABLE: 7504,
  /** The photo's face is far too small to animate (the portrait check's block); `scene`. */
  AVATAR_FACE_TOO_SMALL: 7505,
  /** Dubbing studio and dubbing pro (7600–7619). No such project of this user. */
  DUBBING_PROJECT_NOT_FOUND: 7600,
  /** A segment's times are wrong; `segment`, `reason` (localized). */
  DUBBING_SEGMENT_TIMES: 7601,
  /** A segment names a character the project does not have; `segment`. */
  DUBBING_UNKNOWN_CHARACTER: 7602,
  /** The project would have more segments than allowed; `max`. */
  DUBBING_TOO_MANY_SEGMENTS: 7603,
  /** The project is still being prepared (or its preparation failed). */
  DUBBING_NOT_READY: 7604,
  /** The language is not a target language of the project; `language`. */
  DUBBING_LANGUAGE_NOT_IN_PROJECT: 7605,
  /** A character has no voice for the language; `character`, `language`. */
  DUBBING_NO_VOICE: 7606,
  /** No segment of the selection needs the action; `action` (localized). */
  DUBBING_NOTHING_TO_DO: 7607,
  /** Dubbing studio has one target language. */
  DUBBING_STUDIO_ONE_LANGUAGE: 7608,
  /** Only a finished video translation of this user can be opened. */
  DUBBING_TRANSLATION_NOT_FINISHED: 7609,
  /** The recording has no speech (silent after trimming). */
  DUBBING_RECORDING_SILENT: 7610,
  /** No such segment in the project; `segment`. */
  DUBBING_UNKNOWN_SEGMENT: 7611,
  /** No engine here translates this pair; `source`, `target`. */
  DUBBING_NO_TRANSLATOR: 7612,
  /** No such cast bible. */
  DUBBING_CAST_NOT_FOUND: 7613,
  /** The media is longer than the plan allows; `minutes`, `max`. */
  DUBBING_MEDIA_TOO_LONG: 7614,
  /** No such version of the project. */
  DUBBING_VERSION_NOT_FOUND: 7615,
  /** A segment has no text to speak in the language; `segment`. */
  DUBBING_NOTHING_TO_SPEAK: 7616,
  /** Takes run past their segments' ends and the export was not told to let them overlap; `count`, `segments` (numbers), `language`. */
  DUBBING_OVERRUNS: 7617,
  /** Series (issue 28): no such series of the user. */
  SERIES_NOT_FOUND: 7701,
  /** The user already has a series of that name; `name`. */
  SERIES_NAME_TAKEN: 7702,
  /** Episodes need a target language and the series has none. */
  SERIES_NO_TARGET_LANGUAGES: 7703,
  /** A season download with no finished episode. */
  SERIES_NOTHING_TO_DOWNLOAD: 7704,
  /** Not enough available points for this action. Returned raw so the caller can offer a top-up. */
  POINTS_INSUFFICIENT: 10078,
  /** The action needs a higher plan (or the plan's limit for the period is used up). Returned raw so the caller can offer an upgrade. */
  PLAN_REQUIRED: 10091,
  /** Gift code unknown (or disabled). */
  REDEEM_CODE_UNKNOWN: 11048,
  /** Gift code already used up. */
  REDEEM_CODE_USED: 11049,
  /** Gift code expired. */
  REDEEM_CODE_EXPIRED: 11053,
  /** This user has reached the code's per-user limit. */
  REDEEM_CODE_USER_LIMIT: 11058,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes handed back untouched (no toast, no throw) to callers that ask for raw responses (spec §8). */
export const RAW_CODES: ReadonlySet<number> = new Set([
  ErrorCode.OK,
  ErrorCode.POINTS_INSUFFICIENT,
  ErrorCode.PLAN_REQUIRED,
  ErrorCode.REDEEM_CODE_UNKNOWN,
  ErrorCode.REDEEM_CODE_USED,
  ErrorCode.REDEEM_CODE_EXPIRED,
  ErrorCode.REDEEM_CODE_USER_LIMIT,
  ErrorCode.AUTH_REQUIRED,
]);

export type Locale = 'en' | 'zh';
export const LOCALES: readonly Locale[] = ['en', 'zh'];

type CodeMessages = Record<ErrorCodeValue, string>;

const en: CodeMessages = {
  0: 'Success.',
  1: 'Something went wrong. Please try again.',
  1000: 'Please sign in to continue.',
  1001: 'The request is not signed. Please refresh the page and try again.',
  1002: 'The request signature is invalid. Please refresh the page and try again.',
  1003: "Your device's clock is too far from ours. Check the date and time settings, then try again.",
  1004: 'The request body is not valid JSON.',
  1005: 'The request is too large (limit {limit}).',
  1006: 'Invalid value for “{field}”: {reason}',
  1007: 'Requests must be sent as JSON.',
  1008: 'This call does not exist: {path}',
  1009: 'Use POST for this call.',
  1010: 'Too many requests. Please wait {seconds} s and try again.',
  1011: 'Something went wrong on our side. Please try again.',
  1012: 'The service is temporarily unavailable. Please try again shortly.',
  1013: 'Unknown channel.',
  1014: 'The user id does not match the signed-in user.',
  1015: 'This call is for operators only.',
  1016: 'Operator access is not configured on this server.',
  1017: 'Not found.',
  1018: 'The request timed out. Please check your connection and try again.',
  1019: 'Network error. Please check your connection and try again.',
  2001: 'That job does not exist.',
  2002: 'The job failed: {reason}',
  2003: 'This job is running. Wait for it to finish or cancel it first.',
  2004: 'You already have {running} job(s) running and {waiting} waiting, the most your plan allows. Wait for one to finish or upgrade your plan.',
  2005: 'This job is not waiting for you at this step any more (it is running again or has finished). Reload the page to see where it is.',
  2101: 'This link does not exist or has been revoked.',
  2102: 'Only a finished result with files can be shared.',
  2103: 'This result already has {limit} active links. Revoke one first.',
  2200: 'The API key is missing or not valid. Send it as “Authorization: Bearer vx_live_…”.',
  2201: 'This API key has been revoked. Create a new key in your account settings.',
  2202: 'This API key has expired. Create a new key in your account settings.',
  2203: 'This API key may not use “{tool}”. Create a key with that tool in its scopes.',
  2204: 'This API key is read-only: it cannot create or change anything.',
  2205: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  2206: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  2207: 'This API key does not exist or has already been revoked.',
  2208: 'You already have {limit} active API keys. Revoke one first.',
  2209: 'Jobs of “{tool}” cannot be created through the API yet.',
  2220: 'This webhook endpoint does not exist.',
  2221: 'You already have {limit} webhook endpoints. Delete one first.',
  2222: 'Webhooks cannot be sent to {address}: it is a private, loopback or link-local address.',
  2223: 'The host “{host}” of this webhook URL could not be found.',
  2224: 'This delivery is being sent right now. Try again in a moment.',
  3001: 'The analytics event is invalid: {reason}',
  3002: 'The analytics event is too large (limit {limit}).',
  3003: 'This is not a valid IP address: {ip}',
  3004: 'Too many analytics events at the moment. Please try again later.',
  4001: 'This account does not exist.',
  4002: 'This account is disabled. Contact support if you think this is a mistake.',
  4003: 'No points are frozen for this job.',
  4004: 'Points for this job are already frozen for another account.',
  4005: 'That order does not exist.',
  4006: 'The payment service could not start the checkout. Please try again in a moment.',
  4007: 'The payment notification could not be verified.',
  4008: 'Choose a nickname of 1–40 characters without <, >, {, }, ;, backslashes or code.',
  5001: 'This file is not an audio, video or image file.',
  5002: 'This kind of file ({type}) is not supported. Use MP4, MOV, WebM, MKV, MP3, WAV, M4A, OGG, FLAC, JPEG, PNG or WebP.',
  5003: 'This file is larger than your plan allows ({limit}). Upgrade your plan or use a smaller file.',
  5004: 'This media is longer than your plan allows ({limit} minutes). Upgrade your plan or trim the file.',
  5005: 'This file is damaged or incomplete and cannot be read.',
  5006: 'That upload does not exist or has expired.',
  5007: 'This file name is not allowed. Rename the file and try again.',
  5008: 'Your storage is full ({limit}). Delete some files or upgrade your plan.',
  5009: 'This file is empty.',
  5010: 'This media link is invalid or has expired.',
  5011: 'The requested part of the file does not exist.',
  5012: 'The upload request is not valid: {reason}',
  5013: 'This image is {width}×{height} pixels; your plan allows up to {maxSide} pixels a side and {megapixels} megapixels. Resize it or upgrade your plan.',
  5014: "This video's frames are {width}×{height} pixels; your plan allows up to {maxSide} pixels a side and {megapixels} megapixels. Scale it down or upgrade your plan.",
  5015: 'This file plays for {seconds} s, longer than the {priced} s it was priced at. Nothing was charged: upload the file again to have it priced at its real length.',
  6001: 'Enter some text to speak.',
  6002: 'This text has {count} characters; your plan allows {limit} per job. Shorten it or upgrade your plan.',
  6003: 'This voice does not exist or has been deleted. Pick another voice.',
  6004: 'The voice “{voice}” does not speak {language}. Pick a voice for this language.',
  6005: 'This cloned voice is not ready yet. Wait until its analysis has finished.',
  6006: 'Assign a voice to “{speaker}”.',
  6007: 'The recording is {seconds} s long; at least {min} s are needed.',
  6008: 'The recording is {seconds} s long; the limit is {max} s. Trim it and try again.',
  6009: 'We could hear too little speech in this recording ({ratio}% speech, {speech} s). Record in a quiet room, close to the microphone.',
  6010: 'The recording is distorted ({ratio}% of samples clipped). Lower the input volume and record again.',
  6011: 'The recording is too quiet ({lufs} LUFS). Move closer to the microphone or raise the input volume.',
  6012: 'This file has no audio we can use. Upload a recording of speech (MP3, WAV, M4A, OGG, FLAC or a video with sound).',
  6013: "Confirm that this is your own voice or that you have the speaker's permission to clone it.",
  6014: 'You have used all {limit} voice slots of your plan. Delete a cloned voice or upgrade your plan.',
  6015: 'The speech engine “{engine}” is not available right now. Try another voice or try again later.',
  6016: 'Your pronunciation dictionary is full ({limit} entries). Delete some entries first.',
  10078: 'Not enough points. Top up or upgrade your plan to continue.',
  7001: 'This video has no sound track, so there is nothing to translate. Upload a video with speech.',
  7002: 'We heard no speech in this video. If it has burned-in subtitles, choose “Burned-in subtitles” as the source, or upload a subtitle file.',
  7003: 'We found no burned-in subtitles in this video. Choose “Speech” as the source, or upload a subtitle file.',
  7004: 'No engine here translates {source} into {target} (offline, {source} goes into: {offline}). You can still dub it: give a subtitle file already in {target} as the translation, or type the lines yourself in dubbing. If you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).',
  7005: 'This video is {minutes} minutes long; your plan allows up to {max} minutes per video. Trim it or upgrade your plan.',
  7006: 'You have used this month’s {limit} video translations of your plan. Upgrade to translate more, or wait until next month.',
  7007: 'The subtitle file could not be read: {reason}. Upload an SRT, VTT or ASS file.',
  7008: 'This file is not a video we can read (it may be damaged, audio only or an image). Upload an MP4, MOV, WebM or MKV video.',
  7009: 'We cannot get {language} text from {source} here. Upload a subtitle file instead. If you run this Voxwork, set up a speech recognition engine (Help center: “Set up an engine”).',
  7010: 'Nothing has changed since the lines were spoken. Edit a line or change a voice first, or export the video.',
  7011: '{count} edited line(s) have not been spoken yet. Regenerate them before exporting, or undo the edits.',
  7012: 'This translation has no line {line} in {language}. Reload the page: the table may be out of date.',
  7014: 'Replacing the subtitles needs the lines burned into the picture (where they are and how they look): choose “Automatic”, “Burned-in subtitles” or a subtitle file as the source of text, not speech.',
  7015: 'A subtitles-only result must draw new subtitles: choose “Replace the subtitles” or “Add the translation”, or burn the translated subtitles in.',
  7013: 'The background separation engine {engine} is not set up here. Keep the original music (offline); if you run this Voxwork, set the engine up (Help center: “Set up an engine”).',
  7100: 'We found no text in this video to erase. Draw the regions to erase on a frame instead.',
  7101: 'Region {index} lies outside the picture ({width} × {height} pixels). Draw it inside the frame.',
  7102: 'Region {index} runs from {from} s to {to} s, outside the video (0–{duration} s). Choose times within the video.',
  7103: 'Choose at least one region to erase.',
  7200: 'We found no burned-in subtitles in this video: it seems to have none. We read Chinese and English subtitles that are part of the picture; subtitles in a separate track, or in other languages, are not read.',
  7201: 'We found English subtitles in this video but no Chinese ones. Choose “English” (or both) and try again.',
  7202: 'We found Chinese subtitles in this video but no English ones. Choose “Chinese” (or both) and try again.',
  7300: 'This video has no audio track, so there is nothing to separate. Upload a video with sound, or an audio file.',
  7301: 'This file is not audio or video we can read (it may be damaged, or an image). Upload an MP3, WAV, M4A, FLAC or OGG file, or a video with sound.',
  7302: 'This file is {minutes} minutes long; your plan allows up to {max} minutes per file. Trim it or upgrade your plan.',
  7303: 'The separation engine “{engine}” is not set up here. Choose another engine; if you run this Voxwork, set it up (Help center: “Set up an engine”).',
  7304: 'The separation engine “{engine}” failed on this file. Your points were returned; try again or choose another engine.',
  7400: 'None of the {count} subtitle lines falls within the video (0–{duration} s). Check that the subtitle file belongs to this video.',
  7500: 'Scene {scene}: we found no face in this photo. Upload a photo where a face looks at the camera, lit from the front.',
  7501: 'There is no avatar “{avatar}”. Choose one from the list.',
  7502: 'Scene {scene}: this upload cannot be used as the {what}.',
  7503: 'This video would last about {seconds} s; your plan allows up to {max} s per video. Shorten the scripts or upgrade your plan.',
  7504: 'The photo animator “{animator}” is not set up here. Choose another; if you run this Voxwork, set it up (Help center: “Set up an engine”).',
  7505: 'Scene {scene}: the face in this photo is far too small to animate. Crop the photo close around the face, or choose one where the face fills about a third of it.',
  7600: 'This dubbing project does not exist or was deleted.',
  7601: 'Segment {segment}: {reason}.',
  7602: 'Segment {segment} names a character this project does not have. Choose one of its characters.',
  7603: 'A project can hold up to {max} segments. Split the video into parts, or delete segments you do not need.',
  7604: 'This project is not ready yet: its lines are still being prepared. Try again when the preparation has finished.',
  7605: '“{language}” is not a target language of this project.',
  7606: 'The character “{character}” has no voice for {language} yet. Choose one in Characters.',
  7607: 'Nothing to {action}: no selected segment needs it.',
  7608: 'Dubbing studio dubs into one language. Use dubbing pro for several languages.',
  7609: 'Only a finished video translation of yours can be opened as a dubbing project.',
  7610: 'We heard no speech in this recording. Check the microphone and record the line again.',
  7611: 'There is no segment {segment} in this project. Reload the project.',
  7612: 'No engine here translates {source} into {target}. Type the translations yourself; if you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).',
  7613: 'This cast does not exist or was deleted.',
  7614: 'This file lasts {minutes} min; your plan allows up to {max} min per project. Trim it or upgrade your plan.',
  7615: 'This version does not exist any more.',
  7616: 'Segment {segment} has no text to speak in this language. Translate it or type its line first.',
  7617: '{count} segment(s) in {language} run past their end ({segments}). Fit them in the editor (shorten, speed up or use the pause after them), or export again letting them overlap what follows.',
  7701: 'This series does not exist or was deleted.',
  7702: 'You already have a series named “{name}”. Choose another name.',
  7703: 'This series has no target language yet. Choose at least one before adding episodes.',
  7704: 'No episode of this series has finished yet, so there is nothing to download.',
  10091: 'Your plan does not include this, or its limit for this period is used up. Upgrade to continue.',
  11048: 'This gift code does not exist.',
  11049: 'This gift code has already been used.',
  11053: 'This gift code has expired.',
  11058: 'You have already redeemed this gift code the maximum number of times.',
};

const zh: CodeMessages = {
  0: '成功。',
  1: '出了点问题，请重试。',
  1000: '请先登录。',
  1001: '请求缺少签名，请刷新页面后重试。',
  1002: '请求签名无效，请刷新页面后重试。',
  1003: '你的设备时间与服务器相差太大，请检查日期和时间设置后重试。',
  1004: '请求内容不是有效的 JSON。',
  1005: '请求内容过大（上限 {limit}）。',
  1006: '参数“{field}”无效：{reason}',
  1007: '请求必须以 JSON 格式发送。',
  1008: '接口不存在：{path}',
  1009: '此接口请使用 POST。',
  1010: '请求过于频繁，请 {seconds} 秒后再试。',
  1011: '服务器出了点问题，请重试。',
  1012: '服务暂时不可用，请稍后再试。',
  1013: '未知的渠道。',
  1014: '用户 ID 与当前登录用户不一致。',
  1015: '此接口仅限运营人员使用。',
  1016: '此服务器未配置运营人员访问。',
  1017: '未找到。',
  1018: '请求超时，请检查网络后重试。',
  1019: '网络错误，请检查网络后重试。',
  2001: '任务不存在。',
  2002: '任务失败：{reason}',
  2003: '任务正在运行，请等待完成或先取消。',
  2004: '你已有 {running} 个任务在运行、{waiting} 个在排队，已达套餐上限。请等待任务完成或升级套餐。',
  2005: '该任务已不在这一步等待你（它已重新运行或已完成）。请刷新页面查看进度。',
  2101: '此链接不存在或已被撤销。',
  2102: '只有已完成且有文件的结果才能分享。',
  2103: '此结果已有 {limit} 个有效链接，请先撤销一个。',
  2200: 'API 密钥缺失或无效。请以“Authorization: Bearer vx_live_…”的形式发送。',
  2201: '此 API 密钥已被撤销。请在账号设置中创建新密钥。',
  2202: '此 API 密钥已过期。请在账号设置中创建新密钥。',
  2203: '此 API 密钥无权使用“{tool}”。请创建一个权限范围包含该工具的密钥。',
  2204: '此 API 密钥为只读：不能创建或修改任何内容。',
  2205: '此 Idempotency-Key 已用于另一个不同的请求。新请求请使用新的键。',
  2206: 'Idempotency-Key 请求头须为 1 到 255 个可打印 ASCII 字符。',
  2207: '此 API 密钥不存在或已被撤销。',
  2208: '你已有 {limit} 个有效的 API 密钥。请先撤销一个。',
  2209: '暂不能通过 API 创建“{tool}”的任务。',
  2220: '此 Webhook 端点不存在。',
  2221: '你已有 {limit} 个 Webhook 端点。请先删除一个。',
  2222: '不能向 {address} 发送 Webhook：它是私有、本机回环或链路本地地址。',
  2223: '找不到此 Webhook 地址的主机“{host}”。',
  2224: '此投递正在发送中，请稍后再试。',
  3001: '埋点事件无效：{reason}',
  3002: '埋点事件过大（上限 {limit}）。',
  3003: '不是有效的 IP 地址：{ip}',
  3004: '埋点事件过多，请稍后再试。',
  4001: '该账号不存在。',
  4002: '该账号已被停用。如有疑问，请联系客服。',
  4003: '此任务没有冻结的积分。',
  4004: '此任务的积分已被其他账号冻结。',
  4005: '订单不存在。',
  4006: '支付服务暂时无法发起结算，请稍后再试。',
  4007: '无法验证支付通知。',
  4008: '昵称需为 1–40 个字符，且不能包含 <、>、{、}、;、反斜杠或代码。',
  5001: '此文件不是音频、视频或图片文件。',
  5002: '不支持此类文件（{type}）。请使用 MP4、MOV、WebM、MKV、MP3、WAV、M4A、OGG、FLAC、JPEG、PNG 或 WebP。',
  5003: '文件超过了你的套餐上限（{limit}）。请升级套餐或使用更小的文件。',
  5004: '媒体时长超过了你的套餐上限（{limit} 分钟）。请升级套餐或剪短文件。',
  5005: '文件已损坏或不完整，无法读取。',
  5006: '上传不存在或已过期。',
  5007: '不允许使用此文件名，请重命名后重试。',
  5008: '你的存储空间已满（{limit}）。请删除部分文件或升级套餐。',
  5009: '文件为空。',
  5010: '媒体链接无效或已过期。',
  5011: '请求的文件范围不存在。',
  5012: '上传请求无效：{reason}',
  5013: '这张图片为 {width}×{height} 像素，你的套餐最多允许每边 {maxSide} 像素、共 {megapixels} 百万像素。请缩小图片或升级套餐。',
  5014: '该视频画面为 {width}×{height} 像素，你的套餐最多允许每边 {maxSide} 像素、共 {megapixels} 百万像素。请降低分辨率或升级套餐。',
  5015: '该文件实际时长 {seconds} 秒，超过了计价时的 {priced} 秒。本次未扣除任何积分：请重新上传该文件，按实际时长计价。',
  6001: '请输入要朗读的文字。',
  6002: '这段文字共 {count} 个字符，你的套餐每次最多 {limit} 个字符。请缩短文字或升级套餐。',
  6003: '该声音不存在或已被删除，请选择其他声音。',
  6004: '声音“{voice}”不支持{language}，请选择该语言的声音。',
  6005: '该克隆声音尚未就绪，请等待分析完成。',
  6006: '请为“{speaker}”指定一个声音。',
  6007: '录音时长为 {seconds} 秒，至少需要 {min} 秒。',
  6008: '录音时长为 {seconds} 秒，上限为 {max} 秒。请剪短后重试。',
  6009: '这段录音中的语音太少（语音占比 {ratio}%，共 {speech} 秒）。请在安静的环境中靠近麦克风录制。',
  6010: '录音失真（{ratio}% 的采样被削波）。请调低输入音量后重新录制。',
  6011: '录音音量太小（{lufs} LUFS）。请靠近麦克风或调高输入音量。',
  6012: '该文件没有可用的音频。请上传语音录音（MP3、WAV、M4A、OGG、FLAC 或带声音的视频）。',
  6013: '请确认这是你本人的声音，或你已获得说话人的克隆授权。',
  6014: '你已用完套餐的 {limit} 个声音名额。请删除一个克隆声音或升级套餐。',
  6015: '语音引擎“{engine}”暂时不可用。请换一个声音或稍后再试。',
  6016: '你的发音词典已满（{limit} 条）。请先删除一些条目。',
  10078: '积分不足，请充值或升级套餐后继续。',
  7001: '该视频没有音轨，无法翻译。请上传带有语音的视频。',
  7002: '该视频中没有识别到语音。如果视频带有硬字幕，请选择“硬字幕”作为文本来源，或上传字幕文件。',
  7003: '该视频中没有找到硬字幕。请选择“语音”作为文本来源，或上传字幕文件。',
  7004: '此处没有可将{source}翻译为{target}的引擎（{source}可离线翻译为：{offline}）。仍可配音：提供一份已是{target}的字幕文件作为译文，或在配音工具中自行输入台词。如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。',
  7005: '该视频长 {minutes} 分钟，你的套餐每个视频最长 {max} 分钟。请剪短视频或升级套餐。',
  7006: '本月套餐内的 {limit} 次视频翻译已用完。升级套餐可继续翻译，或等到下个月。',
  7007: '无法读取字幕文件：{reason}。请上传 SRT、VTT 或 ASS 文件。',
  7008: '该文件不是可读取的视频（可能已损坏、只有音频或是图片）。请上传 MP4、MOV、WebM 或 MKV 视频。',
  7009: '此处无法从{source}获取{language}文本。请改为上传字幕文件。如果这个 Voxwork 由你部署，可以配置语音识别引擎（帮助中心：“配置引擎”）。',
  7010: '自上次配音以来没有任何改动。请先修改台词或更换声音，或直接导出视频。',
  7011: '还有 {count} 句修改过的台词尚未重新配音。请先重新生成，或撤销修改后再导出。',
  7012: '该翻译中没有 {language} 的第 {line} 句。请刷新页面：表格可能已过期。',
  7014: '替换字幕需要画面中烧录的字幕（位置和样式）：请选择“自动”“画面字幕”或字幕文件作为文字来源，而不是语音。',
  7015: '仅字幕的结果必须绘制新字幕：请选择“替换字幕”或“添加译文”，或将译文字幕烧录进画面。',
  7013: '此处未配置背景分离引擎 {engine}。请选择保留原背景音乐（离线）；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
  7100: '该视频中没有找到可擦除的文字。请改为在画面上框选要擦除的区域。',
  7101: '区域 {index} 超出了画面（{width} × {height} 像素）。请在画面内框选。',
  7102: '区域 {index} 的时间为 {from} 秒至 {to} 秒，超出了视频范围（0–{duration} 秒）。请选择视频内的时间。',
  7103: '请至少选择一个要擦除的区域。',
  7200: '该视频中没有找到硬字幕，它似乎没有字幕。我们读取画面中的中文和英文字幕；单独字幕轨中的字幕或其他语言的字幕无法读取。',
  7201: '该视频中找到了英文字幕，但没有中文字幕。请选择“英文”（或中英双语）后重试。',
  7202: '该视频中找到了中文字幕，但没有英文字幕。请选择“中文”（或中英双语）后重试。',
  7300: '该视频没有音轨，没有可分离的声音。请上传带声音的视频或音频文件。',
  7301: '该文件不是可读取的音频或视频（可能已损坏，或是图片）。请上传 MP3、WAV、M4A、FLAC 或 OGG 文件，或带声音的视频。',
  7302: '该文件长 {minutes} 分钟，你的套餐每个文件最长 {max} 分钟。请剪短后重试或升级套餐。',
  7303: '此处未配置分离引擎“{engine}”。请选择其他引擎；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
  7304: '分离引擎“{engine}”处理该文件时出错。你的积分已退回，请重试或选择其他引擎。',
  7400: '字幕文件的 {count} 行字幕都不在视频的时间范围内（0–{duration} 秒）。请确认字幕文件与该视频对应。',
  7500: '场景 {scene}：这张照片里没有找到人脸。请上传正面朝向镜头、光线充足的人像照片。',
  7501: '没有名为“{avatar}”的数字人。请从列表中选择。',
  7502: '场景 {scene}：这个文件不能用作{what}。',
  7503: '该视频预计长约 {seconds} 秒，你的套餐每个视频最长 {max} 秒。请缩短脚本或升级套餐。',
  7504: '此处未配置照片动画引擎“{animator}”。请选择其他引擎；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
  7505: '场景 {scene}：这张照片中的人脸太小，无法生成动画。请把照片裁剪到人脸附近，或选择人脸约占画面三分之一的照片。',
  7600: '该配音项目不存在或已被删除。',
  7601: '片段 {segment}：{reason}。',
  7602: '片段 {segment} 指定的角色不在本项目中。请选择本项目的角色。',
  7603: '一个项目最多可包含 {max} 个片段。请将视频分段，或删除不需要的片段。',
  7604: '该项目尚未准备好：台词仍在准备中。请在准备完成后重试。',
  7605: '“{language}”不是本项目的目标语言。',
  7606: '角色“{character}”还没有{language}的声音。请在“角色”中选择。',
  7607: '无需{action}：所选片段都不需要。',
  7608: '配音工作室只配一种语言。需要多种语言请使用专业配音。',
  7609: '只能将你已完成的视频翻译作为配音项目打开。',
  7610: '这段录音里没有听到说话声。请检查麦克风后重新录制这一句。',
  7611: '本项目中没有片段 {segment}。请重新加载项目。',
  7612: '此处没有可将{source}翻译为{target}的引擎。请自行输入译文；如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。',
  7613: '该角色表不存在或已被删除。',
  7614: '该文件时长 {minutes} 分钟，你的套餐每个项目最长 {max} 分钟。请剪短文件或升级套餐。',
  7615: '该版本已不存在。',
  7616: '片段 {segment} 在该语言下没有可朗读的文本。请先翻译或输入台词。',
  7617: '{language}中有 {count} 个片段超出了结束时间（{segments}）。请在编辑器中调整（缩短、加速或占用后面的停顿），或选择让它们与后面的内容重叠后再导出。',
  7701: '该剧集不存在或已被删除。',
  7702: '你已有名为“{name}”的剧集，请换一个名称。',
  7703: '该剧集还没有目标语言。添加分集前请至少选择一种。',
  7704: '该剧集还没有完成的分集，暂无可下载的内容。',
  10091: '你的套餐不包含此功能，或本周期额度已用完，请升级后继续。',
  11048: '兑换码不存在。',
  11049: '兑换码已被使用。',
  11053: '兑换码已过期。',
  11058: '你兑换此兑换码的次数已达上限。',
};

/** Reasons used inside INVALID_PARAMETER messages, by validation issue kind. */
const invalidReasons = {
  en: {
    required: 'this field is required',
    invalid_type: 'wrong type',
    too_small: 'too small or too short',
    too_big: 'too large or too long',
    invalid_format: 'wrong format',
    invalid_value: 'not an allowed value',
    unrecognized_keys: 'unknown field',
    custom: 'not accepted',
    control_character: 'contains a control character (such as a NUL byte), which is not allowed',
    line_break: 'must be a single line (no line breaks or tabs)',
    broken_text: 'contains broken characters (invalid Unicode)',
    whitespace: 'must not contain spaces',
    date_out_of_range: 'must be a date between the years 1970 and 9999',
    too_deep: 'is nested too deeply',
    empty: 'must not be empty (it holds only spaces or invisible characters)',
  },
  zh: {
    required: '此项必填',
    invalid_type: '类型错误',
    too_small: '过小或过短',
    too_big: '过大或过长',
    invalid_format: '格式错误',
    invalid_value: '不是允许的值',
    unrecognized_keys: '未知字段',
    custom: '不被接受',
    control_character: '包含不允许的控制字符（例如 NUL 字节）',
    line_break: '只能是一行文字（不能有换行或制表符）',
    broken_text: '包含损坏的字符（无效的 Unicode）',
    whitespace: '不能包含空格',
    date_out_of_range: '日期必须在 1970 年至 9999 年之间',
    too_deep: '嵌套层级过深',
    empty: '不能为空（只有空格或不可见字符）',
  },
} as const;

export type InvalidReason = keyof (typeof invalidReasons)['en'];

/** Whether a reason is a key of the catalogue above (a free-text reason is shown as it is). */
export function isInvalidReason(reason: string): reason is InvalidReason {
  return Object.prototype.hasOwnProperty.call(invalidReasons.en, reason);
}

export function invalidReasonText(locale: Locale, reason: string): string {
  const table: Record<string, string> = invalidReasons[locale];
  return table[reason] ?? table.custom ?? reason;
}

/** Catalogue as translation keys, for the web app's i18n: `error-code-message.{code}`. */
export const errorCodeMessages: Record<Locale, Record<`error-code-message.${number}`, string>> = {
  en: prefixKeys(en),
  zh: prefixKeys(zh),
};

function prefixKeys(messages: CodeMessages): Record<`error-code-message.${number}`, string> {
  const out: Record<`error-code-message.${number}`, string> = {};
  for (const [code, text] of Object.entries(messages)) out[`error-code-message.${Number(code)}`] = text;
  return out;
}

export function isKnownCode(code: number): code is ErrorCodeValue {
  return Object.prototype.hasOwnProperty.call(en, code);
}

/** Text in each language, for a placeholder whose value is itself words (a reason), not a name or a number. */
export type LocalizedText = Readonly<Record<Locale, string>>;
/** A placeholder's value: a name or a number as it is, or words in each language (picked by the message's locale). */
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Readonly<Record<string, MessageParam>>;

export function isLocalizedText(value: unknown): value is LocalizedText {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).en === 'string' && typeof (value as Record<string, unknown>).zh === 'string';
}

/** The catalogue message for a code, with `{name}` placeholders filled; undefined for unknown codes. */
export function messageFor(locale: Locale, code: number, params: MessageParams = {}): string | undefined {
  const template = errorCodeMessages[locale][`error-code-message.${code}`];
  if (template === undefined) return undefined;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return 'en';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === 'zh' || first === 'zh-cn' || first === 'zh-hans' || first.startsWith('zh-hans') || first === 'zh-sg') return 'zh';
  return 'en';
}
