import { Component, type ErrorInfo, type ReactNode } from 'react'
import i18next from 'i18next'

interface Props {
  children: ReactNode
  /** Called once with the error; the app passes a navigation to /error. */
  onError: (error: unknown) => void
}

/**
 * Last line of defence around the router: an error that escapes the route boundaries (a layout,
 * a provider) is reported to `onError` and a static line replaces the tree.
 */
export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[app] render error:', error, info.componentStack)
    this.props.onError(error)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    // i18next directly: hooks are not available in a class and the provider may be what failed.
    return (
      <p role="alert" className="fatal-fallback">
        {i18next.t('errorPages:fatal.fallback')}
      </p>
    )
  }
}
