/**
 * Test-only: counts of what Pixi objects hold, for the scene lifecycle tests (a scene mounted and
 * destroyed 100 times must leave the counts where they started).
 */
import { Container, EventEmitter, GraphicsContext, Texture } from 'pixi.js'

/**
 * Counts what Pixi objects hold, without a renderer: every emitter something listened to (graphics
 * contexts, text styles, texture sources, containers) and every object that listened (graphics,
 * texts, textures), by wrapping `EventEmitter.prototype.on/once`, plus whatever a walk of the stage
 * finds. "Live" means not destroyed; listeners are counted on the emitters themselves, so one a
 * destroy forgot to remove still shows.
 */
export function trackPixi() {
  const proto = EventEmitter.prototype as unknown as Record<'on' | 'once', unknown>
  const original = { on: proto.on, once: proto.once }
  const emitters = new Set<EventEmitter>()
  const objects = new Set<object>()
  for (const method of ['on', 'once'] as const) {
    const wrapped = original[method] as (this: EventEmitter, ...args: unknown[]) => EventEmitter
    proto[method] = function (this: EventEmitter, ...args: unknown[]) {
      emitters.add(this)
      objects.add(this)
      const context = args[2]
      if (context && typeof context === 'object') objects.add(context)
      return wrapped.apply(this, args)
    }
  }
  const walk = (node: Container) => {
    objects.add(node)
    for (const child of node.children) walk(child)
  }
  const isLive = (object: object) => !(object as { destroyed?: boolean }).destroyed
  const live = () => {
    const all = [...objects].filter(isLive)
    return {
      displayObjects: all.filter((o) => o instanceof Container).length,
      graphicsContexts: all.filter((o) => o instanceof GraphicsContext).length,
      textures: all.filter((o) => o instanceof Texture).length,
      pixiListeners: [...emitters].reduce(
        (sum, emitter) =>
          sum +
          emitter.eventNames().reduce((n, name) => n + emitter.listenerCount(name as string), 0),
        0,
      ),
    }
  }
  return {
    walk,
    live,
    restore() {
      proto.on = original.on
      proto.once = original.once
    },
  }
}
