export {
  ModelPendant,
  PENDANT_STORAGE_KEY,
  PENDANT_TAP_TOLERANCE_PX,
  clampPosition,
  snapToSide,
  type ModelPendantProps,
  type PendantBounds,
  type PendantPosition,
} from './model-pendant';
