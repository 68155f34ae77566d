;; Emacs in batch mode with Debian's lsp-mode (emacs-lsp-mode.test): loads
;; the set-up of docs/integration.md ($INIT_EL), starts lsp-mode on
;; $CHECK_FILE in its folder, waits for llvmown's diagnostics and prints
;; them as lsp-mode holds them, one per line: "LINE CODE: MESSAGE". Only
;; llvmown's client is enabled: clangd, if installed, is not what is tested.
(require 'lsp-mode)
(setq lsp-session-file (expand-file-name "lsp-session" default-directory)
      lsp-enabled-clients '(llvmown)
      lsp-diagnostics-provider :none
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-modeline-workspace-status-enable nil)
(load-file (getenv "INIT_EL"))
(find-file (getenv "CHECK_FILE"))
(c++-mode)
(lsp-workspace-folders-add default-directory)
(lsp)
(defun llvmown-diagnostics ()
  (gethash (lsp--fix-path-casing (buffer-file-name)) (lsp-diagnostics t)))
(let ((i 0))
  (while (and (< i 1200) (null (llvmown-diagnostics)))
    (accept-process-output nil 0.1)
    (setq i (1+ i))))
(dolist (d (sort (copy-sequence (llvmown-diagnostics))
                 (lambda (a b)
                   (< (lsp:position-line (lsp:range-start (lsp:diagnostic-range a)))
                      (lsp:position-line (lsp:range-start (lsp:diagnostic-range b)))))))
  (princ (format "%d %s: %s\n"
                 (1+ (lsp:position-line (lsp:range-start (lsp:diagnostic-range d))))
                 (lsp:diagnostic-code? d) (lsp:diagnostic-message d))))
(kill-emacs (if (llvmown-diagnostics) 0 1))
