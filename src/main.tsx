import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (!root) throw new Error('[main] #root element missing')
createRoot(root).render(<StrictMode>{'Tessera'}</StrictMode>)
