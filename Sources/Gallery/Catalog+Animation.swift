import Layers
import Raster
import Text
import Views

extension Catalog {
    /// Animations: the timing curves side by side, the spinner, and View.animate.
    static var animations: [Specimen] {
        [
            Specimen(name: "animation-curves", document: doc004, size: Size(width: 200, height: 130), backdrop: .plain)
            { report in
                CurvesDemoView(frame: Rect(x: 0, y: 0, width: 200, height: 130), report: report)
            },
            Specimen(name: "activity-indicator", document: doc004, size: Size(width: 80, height: 60), backdrop: .plain)
            { report in
                SpinnerDemoView(frame: Rect(x: 0, y: 0, width: 80, height: 60), report: report)
            },
            Specimen(
                name: "view-animate", document: doc004, size: Size(width: 200, height: 100), backdrop: .checkerboard
            ) { report in
                AnimateDemoView(frame: Rect(x: 0, y: 0, width: 200, height: 100), report: report)
            },
            Specimen(
                name: "view-animate-interrupted", document: uikit, size: Size(width: 200, height: 100),
                backdrop: .checkerboard
            ) { report in
                InterruptedDemoView(frame: Rect(x: 0, y: 0, width: 200, height: 100), report: report)
            }
        ]
    }
}

/// Five dots crossing their tracks, each with its own pacing; a click starts them again.
@MainActor
final class CurvesDemoView: View {
    private var dots: [Layer] = []
    private let report: (String) -> Void
    static let names = ["linear", "ease-in", "ease-out", "ease-in-out", "spring"]

    init(frame: Rect, report: @escaping (String) -> Void) {
        self.report = report
        super.init(frame: frame)
        let font = try? Text.Font.system(size: 10)
        for (i, name) in CurvesDemoView.names.enumerated() {
            let y = 8 + Double(i) * 24
            let label = Label(frame: Rect(x: 0, y: y, width: 62, height: 16), text: name, font: font)
            label.textColor = Color(white: 0.3)
            label.isUserInteractionEnabled = false  // the demo takes the click
            addSubview(label)
            let track = View(frame: Rect(x: 66, y: y + 6, width: 130, height: 4))
            track.backgroundColor = Color(white: 0.85)
            track.layer.cornerRadius = 2
            track.isUserInteractionEnabled = false
            addSubview(track)
            let dot = Layer()
            dot.bounds = Rect(x: 0, y: 0, width: 12, height: 12)
            dot.cornerRadius = 6
            dot.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
            dot.position = Point(x: 184, y: y + 8)
            layer.addSublayer(dot)
            dots.append(dot)
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for (i, dot) in dots.enumerated() {
            let a: BasicAnimation
            if i == 4 {
                let s = SpringAnimation(keyPath: "position.x")
                s.damping = 7
                a = s
            } else {
                a = BasicAnimation(keyPath: "position.x")
                a.duration = 1.5
                a.timingFunction =
                    [
                        TimingFunction(name: .linear), TimingFunction(name: .easeIn),
                        TimingFunction(name: .easeOut), TimingFunction(name: .easeInEaseOut)
                    ][i]
            }
            a.fromValue = 72.0
            a.toValue = 184.0
            dot.add(a, forKey: "cross")
        }
        report("animation-curves: restarted")
    }
}

/// A large spinner that a click starts and stops. It starts stopped, so that the page is
/// idle until asked.
@MainActor
final class SpinnerDemoView: View {
    private let spinner: ActivityIndicatorView
    private let report: (String) -> Void

    init(frame: Rect, report: @escaping (String) -> Void) {
        self.report = report
        spinner = ActivityIndicatorView(frame: Rect(origin: .zero, size: frame.size), style: .large)
        super.init(frame: frame)
        spinner.hidesWhenStopped = false
        spinner.isUserInteractionEnabled = false
        addSubview(spinner)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if spinner.isAnimating { spinner.stopAnimating() } else { spinner.startAnimating() }
        report("activity-indicator: \(spinner.isAnimating ? "started" : "stopped")")
    }
}

/// A card that a click sends right, faded and turned, with View.animate, and a second
/// click brings back from wherever it is.
@MainActor
final class AnimateDemoView: View {
    private let card = demoCard(Color(red: 0.95, green: 0.45, blue: 0.2))
    private var away = false
    private let report: (String) -> Void

    init(frame: Rect, report: @escaping (String) -> Void) {
        self.report = report
        super.init(frame: frame)
        addSubview(card)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        away.toggle()
        let away = self.away
        View.animate(
            withDuration: 0.5, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
            animations: {
                self.card.center = away ? Point(x: 151, y: 50) : Point(x: 49, y: 50)
                self.card.alpha = away ? 0.45 : 1
                self.card.transform = away ? AffineTransform(rotationAngle: .pi / 4) : .identity
            })
        report("view-animate: \(away ? "away" : "back")")
    }
}

/// A move interrupted half way, as UIKit's additive animations make it: the card starts
/// for the right edge over a second, and half a second in a second block sends it back;
/// the two add, so it slows, turns and comes back without a jolt. It plays when the page
/// opens (at a fixed time in shots) and again on a click.
@MainActor
final class InterruptedDemoView: View {
    /// The card's centre at rest and at the far end.
    static let home = Point(x: 49, y: 50), far = Point(x: 151, y: 50)
    let card = demoCard(Color(red: 0.2, green: 0.6, blue: 0.35))
    private let report: (String) -> Void

    init(frame: Rect, report: @escaping (String) -> Void) {
        self.report = report
        super.init(frame: frame)
        addSubview(card)
        play()
    }

    /// Out over a second; from half a second, back over a second.
    func play() {
        View.animate(
            withDuration: 1, delay: 0, options: [.curveEaseInOut, .allowUserInteraction],
            animations: {
                self.card.center = InterruptedDemoView.far
            })
        View.animate(
            withDuration: 1, delay: 0.5, options: [.curveEaseInOut, .allowUserInteraction],
            animations: {
                self.card.center = InterruptedDemoView.home
            })
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        play()
        report("view-animate-interrupted: out, and back half way")
    }
}

/// The rounded card the animation demos move: 70 x 50 at rest on the left, in `color`,
/// leaving clicks to the demo.
@MainActor
private func demoCard(_ color: Color) -> View {
    let card = View(frame: Rect(x: 14, y: 25, width: 70, height: 50))
    card.backgroundColor = color
    card.layer.cornerRadius = 10
    card.isUserInteractionEnabled = false
    return card
}
