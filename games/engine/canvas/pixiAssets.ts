// Its own module so that `import()` of it makes a chunk of its own: Pixi's `Assets` with the
// loaders it registers, fetched only when a scene first declares a bundle (`pixiPlatform`).
export { Assets } from 'pixi.js'
