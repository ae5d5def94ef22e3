/**
 * `@vladmandic/face-api` on tfjs-core with the WebAssembly backend, offline: the models and the
 * WASM binaries are files inside the npm packages, read from disk (no network, no fetch).
 *
 * face-api's Node WASM build `require`s `@tensorflow/tfjs` (the umbrella package: core, layers,
 * converter, data, the CPU and WebGL backends); it only uses tfjs-core's ops, so the umbrella is
 * answered with `@tensorflow/tfjs-core` while face-api loads, and the tensor methods face-api calls
 * (`x.reshape(…)`, `x.toFloat()`: tfjs-core's "chained ops", registered by the umbrella but not by
 * tfjs-core's Node bundle) are added to the tensor class here.
 */
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The subset of face-api this project uses (its own types are a bundled copy of tfjs's). */
export interface FaceApiPoint {
  x: number;
  y: number;
}
export interface FaceApiResult {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  landmarks: { positions: FaceApiPoint[] };
}
interface TensorLike {
  dispose(): void;
}
export interface FaceApi {
  detectAllFaces(input: TensorLike, options: unknown): { withFaceLandmarks(): Promise<FaceApiResult[]> };
  SsdMobilenetv1Options: new (options: { minConfidence: number; maxResults?: number }) => unknown;
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  nets: Record<'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net', { loadFromDisk(dir: string): Promise<void> }>;
  tf: {
    setWasmPaths(prefix: string): void;
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    getBackend(): string;
    tidy<T>(run: () => T): T;
    tensor3d(values: Int32Array, shape: [number, number, number], dtype: 'int32'): TensorLike;
    slice(x: TensorLike, begin: number[], size: number[]): TensorLike;
  };
}

type Op = (...args: unknown[]) => unknown;
type TfCore = Record<string, unknown> & { Tensor: { prototype: Record<string, unknown> }; image: Record<string, unknown>; reshape: Op; cast: Op; concat: Op; stack: Op; where: Op };

/** Tensor methods that call the op of the same name with the tensor first (tfjs-core's `public/chained_ops`). */
const CHAINED_OPS =
  'abs acos acosh add all any argMax argMin asin asinh atan atan2 atanh avgPool batchToSpaceND batchNorm broadcastTo cast ceil clipByValue conv1d conv2d conv2dTranspose cos cosh cumprod cumsum depthToSpace depthwiseConv2d dilation2d div divNoNan dot elu equal erf euclideanNorm exp expandDims expm1 fft floor floorDiv gather greater greaterEqual ifft irfft isFinite isInf isNaN leakyRelu less lessEqual localResponseNormalization log log1p logSigmoid logSoftmax logSumExp logicalAnd logicalNot logicalOr logicalXor matMul max maxPool maximum mean min minimum mirrorPad mod mul neg norm notEqual oneHot onesLike pad pool pow prelu prod reciprocal relu relu6 reshape resizeBilinear resizeNearestNeighbor reverse rfft round rsqrt selu separableConv2d sigmoid sign sin sinh slice softmax softplus spaceToBatchND split sqrt square squaredDifference squeeze step stridedSlice sub sum tan tanh tile topk transpose unique unsortedSegmentSum unstack zerosLike'.split(' ');

function registerChainedOps(tf: TfCore): void {
  const proto = tf.Tensor.prototype;
  for (const name of CHAINED_OPS) {
    const op = (tf[name] ?? tf.image[name]) as Op | undefined;
    if (typeof op !== 'function' || proto[name]) continue;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      return op(this, ...args);
    };
  }
  const shape = (self: unknown) => (self as { size: number }).size;
  const methods: Record<string, (this: unknown, ...args: never[]) => unknown> = {
    asScalar() { return tf.reshape(this, []); },
    as1D() { return tf.reshape(this, [shape(this)]); },
    as2D(...dims: number[]) { return tf.reshape(this, dims); },
    as3D(...dims: number[]) { return tf.reshape(this, dims); },
    as4D(...dims: number[]) { return tf.reshape(this, dims); },
    as5D(...dims: number[]) { return tf.reshape(this, dims); },
    asType(dtype: string) { return tf.cast(this, dtype); },
    toFloat() { return tf.cast(this, 'float32'); },
    toInt() { return tf.cast(this, 'int32'); },
    toBool() { return tf.cast(this, 'bool'); },
    flatten() { return tf.reshape(this, [shape(this)]); },
    reshapeAs(other: { shape: number[] }) { return tf.reshape(this, other.shape); },
    concat(others: unknown, axis?: number) { return tf.concat([this, ...(Array.isArray(others) ? others : [others])], axis); },
    stack(others: unknown, axis?: number) { return tf.stack([this, ...(Array.isArray(others) ? others : [others])], axis); },
    where(condition: unknown, other: unknown) { return tf.where(condition, this, other); },
  };
  for (const [name, method] of Object.entries(methods)) proto[name] ??= method;
}

/** The folder of face-api's models (inside its npm package). */
export const FACE_API_MODEL_DIR = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');

let loading: Promise<FaceApi> | undefined;

/** face-api with the WASM backend ready and the SSD MobileNet, tiny detector and 68-landmark models loaded (once per process). */
export function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const core = require('@tensorflow/tfjs-core') as TfCore;
    registerChainedOps(core);
    const corePath = require.resolve('@tensorflow/tfjs-core');
    const moduleInternals = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
    const resolve = moduleInternals._resolveFilename;
    moduleInternals._resolveFilename = function (request: string, ...rest: unknown[]) {
      return resolve.call(this, request === '@tensorflow/tfjs' ? corePath : request, ...rest);
    };
    let faceapi: FaceApi;
    try {
      faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    } finally {
      moduleInternals._resolveFilename = resolve;
    }
    faceapi.tf.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    if (!(await faceapi.tf.setBackend('wasm'))) throw new Error('the tfjs WebAssembly backend did not start');
    await faceapi.tf.ready();
    await Promise.all([faceapi.nets.ssdMobilenetv1.loadFromDisk(FACE_API_MODEL_DIR), faceapi.nets.tinyFaceDetector.loadFromDisk(FACE_API_MODEL_DIR), faceapi.nets.faceLandmark68Net.loadFromDisk(FACE_API_MODEL_DIR)]);
    return faceapi;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  landmarks: FaceApiPoint[];
  confidence: number;
}

/** Faces with 68 landmarks in an RGBA picture, largest first. `detector: 'ssd'` finds small faces; `tiny` is ~3× faster. */
export async function detectFaces(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, options: { detector?: 'ssd' | 'tiny'; minConfidence?: number } = {}): Promise<DetectedFace[]> {
  const faceapi = await loadFaceApi();
  const { tf } = faceapi;
  const rgb = new Int32Array(width * height * 3);
  for (let source = 0, target = 0; source < width * height * 4; source += 4, target += 3) {
    rgb[target] = rgba[source]!;
    rgb[target + 1] = rgba[source + 1]!;
    rgb[target + 2] = rgba[source + 2]!;
  }
  const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const minConfidence = options.minConfidence ?? 0.5;
    const detectorOptions = options.detector === 'tiny' ? new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minConfidence }) : new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 20 });
    const results = await faceapi.detectAllFaces(tensor, detectorOptions).withFaceLandmarks();
    return results
      .map((result) => ({
        box: { ...pick(result.detection.box) },
        landmarks: result.landmarks.positions.map((point) => ({ x: point.x, y: point.y })),
        confidence: Math.min(1, Math.max(0, result.detection.score)),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    tensor.dispose();
  }
}

const pick = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x, y: box.y, width: box.width, height: box.height });
