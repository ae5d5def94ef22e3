/** The OpenCV-based engines' ids (kept apart so the registry names them without loading OpenCV). */
export const OPENCV_INPAINTER_ENGINE_ID = 'opencv:video-inpaint';
