extension Layer {
    // MARK: The layer's own timing (CAMediaTiming)

    /// How fast the layer's time runs against its superlayer's (`speed`); default 1.
    /// Its animations and its sublayers' run at the product of the speeds up the tree:
    /// 0 pauses the subtree. Non-finite values are ignored.
    public var speed: Double {
        get { timing.speed }
        set {
            if newValue.isFinite {
                timing.speed = newValue
                timingChanged()
            }
        }
    }

    /// Added to the layer's local time (`timeOffset`): with `speed` 0, the moment the
    /// subtree stands still at. Non-finite values are ignored.
    public var timeOffset: Double {
        get { timing.timeOffset }
        set {
            if newValue.isFinite {
                timing.timeOffset = newValue
                timingChanged()
            }
        }
    }

    /// Where the layer's time starts in its superlayer's (`beginTime`); default 0.
    /// Non-finite values are ignored.
    public var beginTime: Double {
        get { timing.beginTime }
        set {
            if newValue.isFinite {
                timing.beginTime = newValue
                timingChanged()
            }
        }
    }

    /// The layer's local time at media time `t`: `(parent - beginTime) * speed +
    /// timeOffset`, the parent's being its superlayer's, up to the media clock.
    func localTime(fromMedia t: Double) -> Double {
        let parent = superlayer?.localTime(fromMedia: t) ?? t
        return (parent - timing.beginTime) * timing.speed + timing.timeOffset
    }

    /// The media time at which the layer's local time is `t` (at a speed of 0, the time
    /// the layer began).
    func mediaTime(fromLocal t: Double) -> Double {
        let parent = timing.speed == 0 ? timing.beginTime : (t - timing.timeOffset) / timing.speed + timing.beginTime
        return superlayer?.mediaTime(fromLocal: parent) ?? parent
    }

    /// A time of `layer`'s (the media clock's for nil) in this layer's time
    /// (`convertTime(_:from:)`).
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        localTime(fromMedia: layer?.mediaTime(fromLocal: t) ?? t)
    }

    /// A time of this layer's in `layer`'s time (the media clock's for nil)
    /// (`convertTime(_:to:)`).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let media = mediaTime(fromLocal: t)
        return layer?.localTime(fromMedia: media) ?? media
    }

    /// The subtree's animations take the new times at the next step of the engine, as
    /// Core Animation's do at the next frame: settings made one after another (a pause's
    /// resume sets three) are not seen half made, and no animation ends in between. A
    /// window is asked for that frame.
    private func timingChanged() {
        for observer in AnimationEngine.observers.values { observer() }
    }
}

/// A layer's own timing: its speed, offset and begin time in its superlayer's time.
struct LayerTiming {
    var speed = 1.0
    var timeOffset = 0.0
    var beginTime = 0.0
}
