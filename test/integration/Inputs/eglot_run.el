;; Emacs in batch mode with Debian's eglot (emacs-eglot.test): loads the
;; set-up of docs/integration.md ($INIT_EL), starts eglot on $CHECK_FILE,
;; waits for llvmown's diagnostics and prints flymake's, one per line:
;; "LINE TYPE: TEXT".
(require 'eglot)
(load-file (getenv "INIT_EL"))
(find-file (getenv "CHECK_FILE"))
(c++-mode)
(apply #'eglot (eglot--guess-contact))
(let ((i 0))
  (while (and (< i 1200) (null (flymake-diagnostics)))
    (accept-process-output nil 0.1)
    (setq i (1+ i))))
(dolist (d (sort (flymake-diagnostics)
                 (lambda (a b) (< (flymake-diagnostic-beg a)
                                  (flymake-diagnostic-beg b)))))
  (princ (format "%d %s: %s\n" (line-number-at-pos (flymake-diagnostic-beg d))
                 (flymake-diagnostic-type d) (flymake-diagnostic-text d))))
(kill-emacs (if (flymake-diagnostics) 0 1))
